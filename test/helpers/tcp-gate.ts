import { once } from 'node:events';
import net from 'node:net';

export interface TcpGate {
  /** The port that leads to the target while the gate is open. */
  port: number;
  /** From now on nothing passes either way, and new connections wait: a remote that hangs. */
  hold(): void;
  /** Everything held passes, and flows again. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `targetPort`, which can hold all traffic (see TcpGate): a
 * remote that stops answering without refusing anything, as a hung server or a dead link does.
 */
export async function startTcpGate(targetPort: number): Promise<TcpGate> {
  let held = false;
  const waiting: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    client.pause();
    const connect = () => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      track(upstream);
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    };
    if (held) waiting.push(connect);
    else connect();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    hold() {
      held = true;
      for (const socket of sockets) socket.pause();
    },
    release() {
      held = false;
      for (const socket of sockets) socket.resume();
      for (const connect of waiting.splice(0)) connect();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
