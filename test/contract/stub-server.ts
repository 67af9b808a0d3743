import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request to a stub, its body read whole. */
export interface StubCall {
  method: string;
  url: string;
  body: string;
}

export interface StubServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 (port 0) that hands each request, its body read, to `answer`: the
 * skeleton of the contract suite's stand-ins for model services.
 */
export async function startStubServer(answer: (call: StubCall, res: http.ServerResponse) => void): Promise<StubServer> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => answer({ method: req.method ?? '', url: req.url ?? '', body }, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `status` with `body` as JSON. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
