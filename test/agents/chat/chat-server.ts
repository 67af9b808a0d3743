import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/** One answer of the server: a status and a body (an object is sent as JSON, a string as it is). */
export interface Reply {
  status?: number;
  body?: unknown;
  contentType?: string;
  /** Answer only after this long, or never (`'never'`) until the client goes away. */
  delayMs?: number | 'never';
  /** Send these as server-sent events instead of `body` (see streamed), each `intervalMs` after the one before. */
  events?: readonly unknown[];
  intervalMs?: number;
  /** After the events, send nothing more and keep the connection open (a stuck server), until the client goes away. */
  hang?: boolean;
}

/** How the server answers `/props` and `/tokenize` as llama.cpp's does; `hang`: `/props` never answers. */
export interface LlamaProbes {
  tokens: Record<string, number>;
  hang?: boolean;
}

export interface ChatServer {
  port: number;
  requests: RecordedRequest[];
  /** The requests to `/props` and `/tokenize` (a client asking whether this is llama.cpp's server), kept apart from `requests`. */
  probes: RecordedRequest[];
  /** Resolves once the client has closed the connection of request `index` (0-based). */
  closed(index: number): Promise<void>;
}

/** How long a slow answer waits at most, so a server never keeps the test process alive. */
const maxDelayMs = 15_000;
const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(async (server) => {
      server.closeAllConnections();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A chat completion as OpenAI-compatible servers send it; `completionTokens` is what its usage says the answer took. */
export function completion(content: string | null, finishReason = 'stop', completionTokens = 5): Reply {
  return {
    body: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_760_000_000,
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
      usage: { prompt_tokens: 10, completion_tokens: completionTokens, total_tokens: 10 + completionTokens },
    },
  };
}

/**
 * A streamed chat completion as OpenAI-compatible servers send it, `stream_options.include_usage`
 * honoured: a first chunk with the role, one chunk per token, one with the finish_reason, one
 * with the usage and no choices, then `[DONE]`. `finishReason: null` ends the stream without one.
 */
export function streamed(tokens: readonly string[], options: { finishReason?: string | null; usage?: boolean; intervalMs?: number; hang?: boolean } = {}): Reply {
  const chunk = (delta: object, finish: string | null) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_760_000_000,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const finishReason = options.finishReason === undefined ? 'stop' : options.finishReason;
  const events: unknown[] = [chunk({ role: 'assistant', content: '' }, null), ...tokens.map((token) => chunk({ content: token }, null))];
  if (finishReason !== null) events.push(chunk({}, finishReason));
  if (options.usage !== false && finishReason !== null) {
    events.push({ ...chunk({}, null), choices: [], usage: { prompt_tokens: 10, completion_tokens: tokens.length, total_tokens: 10 + tokens.length } });
  }
  if (finishReason !== null) events.push('[DONE]');
  return { events, ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }), ...(options.hang === undefined ? {} : { hang: options.hang }) };
}

/**
 * A real HTTP server on 127.0.0.1 (port 0) that speaks POST /v1/chat/completions: it records
 * each request and answers the Nth with `replies[N]` (the last one repeats). Any other path gets
 * FastAPI's 404, as vLLM sends it. Closed after each test. With `llama`, it answers
 * `GET /props` and `POST /tokenize` as llama.cpp's server does, `/tokenize` splitting the content
 * at each line break into tokens of `llama.tokens` (the piece → id of each token; a piece not
 * listed is given an id of its own, from 1000 up), or leaves `/props` unanswered (`llama.hang`);
 * without it, those get the 404 too.
 */
export async function startChatServer(replies: readonly Reply[], llama?: LlamaProbes): Promise<ChatServer> {
  const requests: RecordedRequest[] = [];
  const probes: RecordedRequest[] = [];
  const closings: Array<Promise<void>> = [];
  let received = 0;
  const server = http.createServer((request, response) => {
    if (request.url === '/props' || request.url === '/tokenize') {
      answerProbe(request, response, probes, llama);
      return;
    }
    const index = received++;
    closings[index] = once(response, 'close').then(() => undefined);
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body: text === '' ? null : JSON.parse(text) });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        send(response, { status: 404, body: { detail: 'Not Found' } });
        return;
      }
      const reply = replies[Math.min(index, replies.length - 1)] ?? {};
      if (reply.delayMs === undefined) {
        send(response, reply);
        return;
      }
      const timer = setTimeout(() => send(response, reply), reply.delayMs === 'never' ? maxDelayMs : reply.delayMs);
      timer.unref();
      response.once('close', () => clearTimeout(timer));
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    probes,
    closed: (index) => closings[index] ?? Promise.reject(new Error(`no request ${index} yet`)),
  };
}

function answerProbe(request: http.IncomingMessage, response: http.ServerResponse, probes: RecordedRequest[], llama: LlamaProbes | undefined): void {
  let text = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (text += chunk));
  request.on('end', () => {
    const body = text === '' ? null : (JSON.parse(text) as { content?: string; with_pieces?: boolean });
    probes.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body });
    if (llama === undefined) {
      send(response, { status: 404, body: { detail: 'Not Found' } });
      return;
    }
    if (request.url === '/props' && llama.hang === true) return;
    if (request.url === '/props') {
      send(response, { body: { default_generation_settings: { n_ctx: 4096, params: {} }, total_slots: 1, model_path: 'model.gguf', build_info: 'b1' } });
      return;
    }
    const known = new Map(Object.entries(llama.tokens));
    // Each line break goes with what comes before it on its line, as the model's tokenizer joins `{\n`.
    const pieces = (body?.content ?? '').split(/(?<=\n)/);
    const tokens = pieces.map((piece) => {
      if (!known.has(piece)) known.set(piece, 1000 + known.size);
      return { id: known.get(piece) as number, piece };
    });
    send(response, { body: { tokens: body?.with_pieces === true ? tokens : tokens.map(({ id }) => id) } });
  });
}

function send(response: http.ServerResponse, reply: Reply): void {
  if (response.destroyed) return;
  if (reply.events !== undefined) {
    sendEvents(response, reply);
    return;
  }
  const json = typeof reply.body !== 'string';
  response.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? (json ? 'application/json' : 'text/plain; charset=utf-8') });
  response.end(json ? JSON.stringify(reply.body ?? {}) : reply.body);
}

/** Headers at once, then each event as `data: <json>` (a string as it is), `intervalMs` apart. */
function sendEvents(response: http.ServerResponse, reply: Reply): void {
  const events = reply.events ?? [];
  response.writeHead(reply.status ?? 200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.flushHeaders();
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    if (response.destroyed) return;
    const event = events[next++];
    if (event === undefined) {
      if (reply.hang) timer = setTimeout(() => response.end(), maxDelayMs).unref();
      else response.end();
      return;
    }
    response.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
    timer = setTimeout(write, reply.intervalMs ?? 0);
  };
  response.once('close', () => clearTimeout(timer));
  write();
}

/** A port on 127.0.0.1 where nothing listens: it was bound, then closed. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
