import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { waitFor } from './wait-for.js';

export interface GitDaemon {
  /** `git://127.0.0.1:<port>/<name>` for a repository `name` under the served folder. */
  url(name: string): string;
  /** Stops the daemon; connections are refused until `start` (the port is free meanwhile, so another process could take it). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** How many requests (fetches, listings, pushes) it has taken so far. */
  requests(): number;
}

/**
 * `git daemon` serving the repositories under `folder` on 127.0.0.1, a real network transport;
 * pushes are taken only with `receivePack`. Stopped by the returned cleanup.
 */
export async function startGitDaemon(folder: string, options: { receivePack: boolean }): Promise<{ daemon: GitDaemon; cleanup(): Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let requests = 0;
  const start = async () => {
    const args = [
      'daemon',
      '--verbose',
      '--reuseaddr',
      '--export-all',
      `--base-path=${folder}`,
      '--listen=127.0.0.1',
      `--port=${port}`,
      ...(options.receivePack ? ['--enable=receive-pack'] : []),
      folder,
    ];
    child = spawn('git', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    // --verbose logs `Request upload-pack for '/remote.git'` (a fetch or a listing) or receive-pack (a push) for each one taken.
    child.stderr?.on('data', (chunk: Buffer) => (requests += chunk.toString().match(/Request (upload|receive)-pack for/g)?.length ?? 0));
    await waitFor(() => canConnect(port), `git daemon on port ${port}`, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    running.kill('SIGTERM');
    await once(running, 'exit');
    await waitFor(async () => !(await canConnect(port)), `git daemon on port ${port} to stop`, 10_000);
  };
  await start();
  return {
    daemon: { url: (name) => `git://127.0.0.1:${port}/${path.basename(name)}`, stop, start, requests: () => requests },
    cleanup: stop,
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
