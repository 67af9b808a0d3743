import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/** Statuses whose response has no body: `new Response` refuses one. */
const bodyless = new Set([101, 204, 205, 304]);

/**
 * `fetch` for the chat agents, over node:http: Node's own fetch gives up on a response whose
 * headers take more than 300 s, or whose body pauses as long (undici's headersTimeout and
 * bodyTimeout), and a local model can take longer than that to read a long prompt. Here only the
 * caller's signal ends a request: the turn's deadline (--agent-timeout) and its silence bound.
 * It sends a string body and asks for no compression, which is all the OpenAI SDK needs.
 */
export function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  const signal = init.signal ?? undefined;
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  headers['accept-encoding'] = 'identity';
  const body = init.body ?? null;
  if (body !== null && typeof body !== 'string') return Promise.reject(new TypeError(`Cannot send a request body of type ${typeof body}: expected a string.`));
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = (url.protocol === 'https:' ? https : http).request(url, { method: init.method ?? 'GET', headers });
    let answer: http.IncomingMessage | null = null;
    // The body's stream then fails with the signal's reason (an AbortError), as fetch's does.
    const onAbort = () => {
      answer?.destroy(signal?.reason as Error);
      request.destroy(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('close', () => signal?.removeEventListener('abort', onAbort));
    // As fetch does: a failure to connect is a TypeError whose cause says why (ECONNREFUSED, ...).
    request.once('error', (error) => reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })));
    request.once('response', (response) => {
      answer = response;
      const status = response.statusCode ?? 500;
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, item);
      }
      // The web stream's type and the global one differ only in their declarations.
      const stream = bodyless.has(status) ? null : (Readable.toWeb(response) as unknown as ReadableStream<Uint8Array>);
      if (stream === null) response.resume();
      resolve(new Response(stream, { status, statusText: response.statusMessage ?? '', headers: responseHeaders }));
    });
    request.end(body ?? undefined);
  });
}
