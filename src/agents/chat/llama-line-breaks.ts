import { httpFetch } from './http-fetch.js';

/** llama-server's form of `logit_bias`: each token id with `false`, the token never generated. */
export type LogitBias = Array<[number, false]>;

/**
 * Whether the server at `baseUrl` is llama.cpp's (`llama-server`): its `/props` answers its
 * default generation settings and its slots. False for Ollama, vLLM, LM Studio and any server that
 * cannot tell; thrown only with the signal's reason.
 */
export async function isLlamaServer(baseUrl: string, signal: AbortSignal): Promise<boolean> {
  const props = await getJson(`${rootOf(baseUrl)}/props`, null, signal);
  if (typeof props !== 'object' || props === null) return false;
  const { default_generation_settings: settings, total_slots: slots } = props as Record<string, unknown>;
  return typeof settings === 'object' && settings !== null && typeof slots === 'number';
}

/**
 * The tokens of a llama.cpp server that join a line break to other characters (`{\n`, `",\n`,
 * ` ]\n`): the tokens a model starts each line of a pretty-printed JSON answer with. A JSON answer
 * never needs one, since a raw line break is no part of a JSON string (a line break inside a
 * string is the escape `\n`, untouched here); forbidden, the model writes its JSON on one line, in
 * fewer tokens (bench/README.md). The server says which they are: its `/tokenize`, with the
 * pieces, splits a pretty-printed answer of the schema's shape into its own tokens. Null when it
 * cannot tell.
 */
export async function llamaLineBreakTokens(baseUrl: string, schema: Record<string, unknown>, signal: AbortSignal): Promise<LogitBias | null> {
  const tokenized = await getJson(`${rootOf(baseUrl)}/tokenize`, { content: lineBreakSample(schema), with_pieces: true }, signal);
  const tokens = (tokenized as { tokens?: unknown } | null)?.tokens;
  return Array.isArray(tokens) ? lineBreakTokenIds(tokens) : null;
}

/** llama-server serves /props and /tokenize beside /v1, not under it. */
function rootOf(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** Pretty-printed answers of the schema's shape, indented by 2 and by 4: the text to split into tokens. */
export function lineBreakSample(schema: Record<string, unknown>): string {
  return [2, 4].flatMap((indent) => [sampleOf(schema, true), sampleOf(schema, false)].map((value) => JSON.stringify(value, null, indent))).join('\n');
}

/** Of `/tokenize`'s tokens with their pieces, the ones whose piece joins a line break to anything but whitespace; null for none. */
export function lineBreakTokenIds(tokens: readonly unknown[]): LogitBias | null {
  const ids = new Set<number>();
  for (const token of tokens) {
    const { id, piece } = (token ?? {}) as { id?: unknown; piece?: unknown };
    if (typeof id === 'number' && typeof piece === 'string' && piece.includes('\n') && /\S/.test(piece)) ids.add(id);
  }
  return ids.size === 0 ? null : [...ids].sort((a, b) => a - b).map((id) => [id, false]);
}

/** The JSON of a GET (`body` null) or a POST; null for any failure but the signal's, which is thrown. */
async function getJson(url: string, body: unknown, signal: AbortSignal): Promise<unknown> {
  try {
    const response = await httpFetch(url, {
      method: body === null ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === null ? {} : { body: JSON.stringify(body) }),
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return JSON.parse(await response.text()) as unknown;
  } catch {
    if (signal.aborted) throw signal.reason;
    return null;
  }
}

/**
 * A value of the schema's shape: each object with all its properties, each string ending in a
 * full stop (a model's sentences do, and `.",\n` is a token of its own), each enum its first
 * value; arrays with two items, or empty (`full` false), so both `],` and `[]` show.
 */
function sampleOf(schema: unknown, full: boolean): unknown {
  if (typeof schema !== 'object' || schema === null) return null;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if ('const' in node) return node.const;
  const choices = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : null;
  if (choices !== null) {
    const some = choices.find((choice) => (choice as { type?: unknown } | null)?.type !== 'null') ?? choices[0];
    return sampleOf(some, full);
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const type = types.find((each) => each !== 'null') ?? types[0];
  if (type === 'object' || (type === undefined && typeof node.properties === 'object')) {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sampleOf(property, full)]));
  }
  if (type === 'array') return full ? [sampleOf(node.items, full), sampleOf(node.items, full)] : [];
  if (type === 'string') return 'A sentence.';
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return null;
}
