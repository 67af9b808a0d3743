import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { runtimeEntry } from './model.mjs';

/**
 * An OpenAI-compatible chat server on 127.0.0.1 that runs a real GGUF model through llama.cpp
 * (node-llama-cpp's prebuilt binaries, CPU only), answering as llama.cpp's own `llama-server` does
 * where a client can see it: `POST /v1/chat/completions` honours `messages`, `stream` (the
 * answer as server-sent events, one chunk per piece of text as it is generated, headers at once,
 * the usage in a last chunk with `stream_options.include_usage`),
 * `max_tokens` (`max_completion_tokens`, `n_predict`), the sampling fields (`temperature`, `top_k`,
 * `top_p`, `min_p`, `repeat_penalty`, `seed`, with llama-server's defaults) and `response_format`
 * (`json_object`, or `json_schema` turned into a grammar the sampler is held to), and answers
 * `choices[0].message.content`, `finish_reason` `stop` or `length`, `usage` and llama.cpp's
 * `timings`; `logit_bias` in llama-server's own form (`[[id, false], ...]`, each token never
 * generated); a prompt past the context is refused with llama.cpp's 400; `GET /v1/models`,
 * `GET /health`, `GET /props` (the default generation settings and the one slot) and
 * `POST /tokenize` (`content`, `with_pieces`) answer too. One request is evaluated at a time (llama-server with one slot), the
 * others wait their turn; a client that hangs up stops its generation, as llama-server does.
 *
 * Where it differs: the grammar comes from
 * node-llama-cpp's JSON Schema converter, which holds the output to `type`, `properties`,
 * `required`, `enum`, `const`, `anyOf`, `items`, `minItems`, `maxItems`, `minLength` and
 * `maxLength`, but not to `pattern` or `minimum` (llama.cpp's own converter knows `pattern`);
 * a `logit_bias` other than `false` (llama-server adds a number to the token's logit) is refused.
 */
/**
 * The few parts of node-llama-cpp this server uses, typed here: the runtime is installed into a
 * cache folder (model.mjs), not among the project's dependencies, so its own types are not there.
 */
interface NodeLlamaCpp {
  getLlama(options: { gpu: false; build: 'never'; maxThreads: number; logLevel: 'error'; progressLogs: false }): Promise<Llama>;
  LlamaChat: new (options: { contextSequence: ContextSequence; autoDisposeSequence: false }) => LlamaChat;
  TokenBias: new (tokenizer: unknown) => TokenBias;
}
interface TokenBias {
  set(token: number, bias: 'never'): TokenBias;
}
interface Llama {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  getGrammarFor(type: 'json'): Promise<LlamaGrammar>;
  createGrammarForJsonSchema(schema: unknown): Promise<LlamaGrammar>;
  dispose(): Promise<void>;
}
interface LlamaModel {
  tokenizer: unknown;
  tokenize(text: string): number[];
  detokenize(tokens: number[]): string;
  trainContextSize: number;
  size: number;
  createContext(options: { contextSize: number; threads: number; sequences: 1 }): Promise<{ contextSize: number; getSequence(): ContextSequence }>;
}
interface ContextSequence {
  tokenMeter: { usedInputTokens: number; usedOutputTokens: number };
}
type LlamaGrammar = object;
type ChatHistoryItem = { type: 'system'; text: string } | { type: 'user'; text: string } | { type: 'model'; response: string[] };
interface LlamaChat {
  sequence: ContextSequence;
  chatWrapper: { generateContextState(options: { chatHistory: ChatHistoryItem[] }): { contextText: { tokenize(tokenizer: unknown): unknown[] } } };
  generateResponse(
    history: ChatHistoryItem[],
    options: {
      maxTokens: number;
      temperature: number;
      topK: number;
      topP: number;
      minP: number;
      repeatPenalty: false | { penalty: number };
      seed?: number;
      grammar?: LlamaGrammar;
      tokenBias?: TokenBias;
      signal: AbortSignal;
      stopOnAbortSignal: true;
      onToken: () => void;
      onTextChunk?: (text: string) => void;
    },
  ): Promise<{ response: string; metadata: { stopReason: string } }>;
}

export interface LlamaChatServerOptions {
  modelPath: string;
  /** The id `/v1/models` lists; requests may name any model, as llama-server allows. */
  modelName: string;
  /** Tokens of context (llama-server `-c`): a prompt and its answer must fit in it. */
  contextSize?: number;
  /** CPU threads (llama-server `-t`); the machine's CPUs by default. */
  threads?: number;
  /** The sampling temperature of a request that gives none (llama-server `--temp`, default 0.8). */
  temperature?: number;
  /** The seed of a request that gives none (llama-server `-s`); random by default. */
  seed?: number;
  /** Most tokens an answer may have when a request gives no `max_tokens` (llama-server `-n`); the rest of the context by default. */
  maxTokens?: number;
  /** Port on 127.0.0.1; any free one by default. */
  port?: number;
  /** Told each answered request, as llama-server logs its timings. */
  onExchange?: (exchange: LlamaExchange) => void;
}

/** One answered request, for a test to read what the model was asked and what it said. */
export interface LlamaExchange {
  messages: Array<{ role: string; content: string }>;
  /** The JSON Schema of `response_format`, when one was given. */
  schema: Record<string, unknown> | null;
  /** How many tokens `logit_bias` forbade. */
  neverTokens: number;
  content: string;
  finishReason: 'stop' | 'length';
  promptTokens: number;
  completionTokens: number;
  /** How long the answer took, from the prompt's first token evaluated to the last token generated. */
  ms: number;
  /** How long the request waited for the one before it. */
  waitedMs: number;
  /** Whether the answer was streamed. */
  streamed: boolean;
}

export interface LlamaChatServer {
  /** `http://127.0.0.1:<port>`; the OpenAI base URL is this plus `/v1`. */
  origin: string;
  exchanges: LlamaExchange[];
  close(): Promise<void>;
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export async function startLlamaChatServer(options: LlamaChatServerOptions): Promise<LlamaChatServer> {
  const threads = options.threads ?? availableParallelism();
  const { getLlama, LlamaChat, TokenBias } = (await import(runtimeEntry())) as NodeLlamaCpp;
  // `build: 'never'`: the prebuilt binaries from npm or nothing, never a download or a compile.
  const llama = await getLlama({ gpu: false, build: 'never', maxThreads: threads, logLevel: 'error', progressLogs: false });
  const model = await llama.loadModel({ modelPath: options.modelPath });
  const context = await model.createContext({ contextSize: options.contextSize ?? 8_192, threads, sequences: 1 });
  const chat = new LlamaChat({ contextSequence: context.getSequence(), autoDisposeSequence: false });
  const exchanges: LlamaExchange[] = [];
  const created = Math.floor(Date.now() / 1000);
  let queue: Promise<unknown> = Promise.resolve();

  async function complete(request: ReadRequest, signal: AbortSignal, arrived: number, onText?: (text: string) => void): Promise<Record<string, unknown>> {
    const history: ChatHistoryItem[] = request.messages.map(({ role, content }) =>
      role === 'assistant'
        ? { type: 'model', response: [content] }
        : role === 'system' || role === 'developer'
          ? { type: 'system', text: content }
          : { type: 'user', text: content },
    );
    history.push({ type: 'model', response: [] });
    const grammar = await grammarFor(llama, request.responseFormat);
    const promptTokens = chat.chatWrapper.generateContextState({ chatHistory: history }).contextText.tokenize(model.tokenizer).length;
    const room = context.contextSize - promptTokens;
    if (room <= 0) {
      throw new RequestError(400, 'the request exceeds the available context size, try increasing it', 'exceed_context_size_error', {
        n_prompt_tokens: promptTokens,
        n_ctx: context.contextSize,
      });
    }
    const limit = Math.min(room, request.maxTokens ?? options.maxTokens ?? room);
    const started = performance.now();
    const before = { input: chat.sequence.tokenMeter.usedInputTokens, output: chat.sequence.tokenMeter.usedOutputTokens };
    let firstToken = 0;
    const seed = request.seed ?? options.seed;
    // llama-server's sampling defaults; node-llama-cpp's own add a repeat penalty llama-server no longer applies.
    const result = await chat.generateResponse(history, {
      maxTokens: limit,
      temperature: request.temperature ?? options.temperature ?? 0.8,
      topK: request.topK ?? 40,
      topP: request.topP ?? 0.95,
      minP: request.minP ?? 0.05,
      repeatPenalty: request.repeatPenalty === null || request.repeatPenalty === 1 ? false : { penalty: request.repeatPenalty },
      ...(seed === undefined ? {} : { seed }),
      ...(grammar === null ? {} : { grammar }),
      ...(request.neverTokens.length === 0 ? {} : { tokenBias: request.neverTokens.reduce((bias, token) => bias.set(token, 'never'), new TokenBias(model.tokenizer)) }),
      signal,
      stopOnAbortSignal: true,
      onToken: () => (firstToken ||= performance.now()),
      ...(onText === undefined ? {} : { onTextChunk: onText }),
    });
    if (signal.aborted) throw new RequestError(499, 'the client closed the connection', 'aborted');
    const ms = performance.now() - started;
    const evaluated = chat.sequence.tokenMeter.usedInputTokens - before.input;
    const completionTokens = chat.sequence.tokenMeter.usedOutputTokens - before.output;
    const finishReason = result.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
    const content = result.response;
    const exchange: LlamaExchange = {
      messages: request.messages,
      neverTokens: request.neverTokens.length,
      schema: request.responseFormat?.schema ?? null,
      content,
      finishReason,
      promptTokens,
      completionTokens,
      ms,
      waitedMs: started - arrived,
      streamed: onText !== undefined,
    };
    exchanges.push(exchange);
    options.onExchange?.(exchange);
    const promptMs = (firstToken || performance.now()) - started;
    return {
      id: `chatcmpl-${randomUUID().replaceAll('-', '')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model ?? options.modelName,
      system_fingerprint: 'b-node-llama-cpp',
      choices: [{ index: 0, finish_reason: finishReason, message: { role: 'assistant', content } }],
      usage: { completion_tokens: completionTokens, prompt_tokens: promptTokens, total_tokens: promptTokens + completionTokens },
      timings: { prompt_n: evaluated, prompt_ms: promptMs, predicted_n: completionTokens, predicted_ms: ms - promptMs },
    };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET' && (url.pathname === '/v1/models' || url.pathname === '/models')) {
        sendJson(res, 200, {
          object: 'list',
          data: [{ id: options.modelName, object: 'model', created, owned_by: 'llamacpp', meta: { n_ctx_train: model.trainContextSize, n_params: null, size: model.size } }],
        });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/health') {
        sendJson(res, 200, { status: 'ok' });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/props') {
        sendJson(res, 200, {
          default_generation_settings: { n_ctx: context.contextSize, params: { temperature: options.temperature ?? 0.8, top_k: 40, top_p: 0.95, min_p: 0.05 } },
          total_slots: 1,
          model_path: options.modelPath,
          build_info: 'b-node-llama-cpp',
        });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/tokenize') {
        try {
          const { content, with_pieces: withPieces } = (parseJson(Buffer.concat(chunks).toString('utf8')) ?? {}) as { content?: unknown; with_pieces?: unknown };
          if (typeof content !== 'string') throw invalid("'content' must be a string");
          const tokens = model.tokenize(content);
          sendJson(res, 200, { tokens: withPieces === true ? tokens.map((id) => ({ id, piece: model.detokenize([id]) })) : tokens });
        } catch (error) {
          sendError(res, error);
        }
        return;
      }
      if (req.method !== 'POST' || (url.pathname !== '/v1/chat/completions' && url.pathname !== '/chat/completions')) {
        sendJson(res, 404, { error: { code: 404, message: 'File Not Found', type: 'not_found_error' } });
        return;
      }
      let request: ReadRequest;
      try {
        request = readRequest(parseJson(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        sendError(res, error);
        return;
      }
      const hungUp = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) hungUp.abort();
      });
      // One slot: each request waits for the one before it.
      const arrived = performance.now();
      const turn = queue.then(async () => {
        if (hungUp.signal.aborted) return;
        try {
          if (request.stream) await stream(res, request, (onText) => complete(request, hungUp.signal, arrived, onText));
          else sendJson(res, 200, await complete(request, hungUp.signal, arrived));
        } catch (error) {
          if (!hungUp.signal.aborted) sendError(res, error);
        }
      });
      queue = turn;
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    exchanges,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queue;
      await llama.dispose();
    },
  };
}

interface ReadRequest {
  model: string | null;
  messages: Array<{ role: string; content: string }>;
  maxTokens: number | null;
  temperature: number | null;
  topK: number | null;
  topP: number | null;
  minP: number | null;
  /** llama.cpp's own field; 1 (off) by default. */
  repeatPenalty: number | null;
  seed: number | null;
  responseFormat: { schema: Record<string, unknown> | null } | null;
  stream: boolean;
  /** `stream_options.include_usage`: the usage in a last chunk of its own. */
  includeUsage: boolean;
  /** The tokens `logit_bias` forbids. */
  neverTokens: number[];
}

/** The fields llama-server reads, checked as it checks them; anything else is ignored. */
function readRequest(body: unknown): ReadRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('the request body must be a JSON object');
  const fields = body as Record<string, unknown>;
  if (fields.stream !== undefined && typeof fields.stream !== 'boolean') throw invalid("'stream' must be a boolean");
  const streamOptions = (fields.stream_options ?? {}) as { include_usage?: unknown };
  if (!Array.isArray(fields.messages) || fields.messages.length === 0) throw invalid("'messages' is required and must be a non-empty array");
  const messages = fields.messages.map((message: unknown) => {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    if (typeof role !== 'string') throw invalid("each message must have a 'role' string");
    return { role, content: readContent(content) };
  });
  const maxTokens = fields.max_tokens ?? fields.max_completion_tokens ?? fields.n_predict ?? null;
  if (maxTokens !== null && (!Number.isInteger(maxTokens) || (maxTokens as number) < -1)) throw invalid("'max_tokens' must be an integer");
  const [temperature, topK, topP, minP, repeatPenalty] = (['temperature', 'top_k', 'top_p', 'min_p', 'repeat_penalty'] as const).map((name) => {
    const value = fields[name] ?? null;
    if (value !== null && typeof value !== 'number') throw invalid(`'${name}' must be a number`);
    return value;
  });
  const seed = fields.seed ?? null;
  if (seed !== null && !Number.isInteger(seed)) throw invalid("'seed' must be an integer");
  return {
    model: typeof fields.model === 'string' ? fields.model : null,
    messages,
    maxTokens: maxTokens === null || maxTokens === -1 ? null : (maxTokens as number),
    temperature: temperature ?? null,
    topK: topK ?? null,
    topP: topP ?? null,
    minP: minP ?? null,
    repeatPenalty: repeatPenalty ?? null,
    seed: seed === null || seed === -1 ? null : (seed as number),
    responseFormat: readResponseFormat(fields.response_format),
    stream: fields.stream === true,
    includeUsage: streamOptions.include_usage === true,
    neverTokens: readLogitBias(fields.logit_bias),
  };
}

/** llama-server's `[[id, false], ...]`: the ids whose bias is `false`, never generated. */
function readLogitBias(bias: unknown): number[] {
  if (bias === undefined || bias === null) return [];
  if (!Array.isArray(bias)) throw invalid("'logit_bias' must be an array of [token id, false] pairs here");
  return bias.map((pair: unknown) => {
    if (!Array.isArray(pair) || !Number.isInteger(pair[0]) || pair[1] !== false) throw invalid("each 'logit_bias' entry must be [token id, false] here");
    return pair[0] as number;
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalid(`Failed to parse JSON: ${(error as Error).message}`);
  }
}

function readContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => {
        const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
        if (type !== 'text' || typeof text !== 'string') throw invalid('unsupported content part: only `text` parts are read');
        return text;
      })
      .join('\n');
  }
  throw invalid("a message's 'content' must be a string or an array of text parts");
}

/** `{type: 'json_schema', json_schema: {schema}}`, `{type: 'json_object'[, schema]}` or `{type: 'text'}`, as llama-server reads them. */
function readResponseFormat(format: unknown): ReadRequest['responseFormat'] {
  if (format === undefined || format === null) return null;
  const { type, json_schema: jsonSchema, schema } = format as { type?: unknown; json_schema?: { schema?: unknown }; schema?: unknown };
  if (type === 'text') return null;
  if (type === 'json_object') return { schema: isObject(schema) ? schema : null };
  if (type === 'json_schema') {
    const given = jsonSchema?.schema;
    if (!isObject(given)) throw invalid("'response_format.json_schema.schema' must be an object");
    return { schema: given };
  }
  throw invalid("'response_format' type must be one of 'text', 'json_object', 'json_schema'");
}

async function grammarFor(llama: Llama, format: ReadRequest['responseFormat']): Promise<LlamaGrammar | null> {
  if (format === null) return null;
  if (format.schema === null) return llama.getGrammarFor('json');
  try {
    // A schema from the wire is whatever the client sent: the converter says what it cannot hold.
    return await llama.createGrammarForJsonSchema(format.schema as never);
  } catch (error) {
    throw invalid(`the JSON schema cannot be turned into a grammar: ${(error as Error).message}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(message: string): RequestError {
  return new RequestError(400, message, 'invalid_request_error');
}

function sendError(res: http.ServerResponse, error: unknown): void {
  const known = error instanceof RequestError ? error : new RequestError(500, (error as Error)?.message ?? String(error), 'server_error');
  sendJson(res, known.status, { error: { code: known.status, message: known.message, type: known.type, ...known.extra } });
}

/**
 * A streamed answer as llama-server sends it: the headers at once (reading the prompt sends
 * nothing), a chunk with the role, one per piece of text, one with the finish_reason (and the
 * timings), the usage in a last chunk when asked for, then `[DONE]`. An error before the first
 * piece is the usual JSON error; after it, an `error` event.
 */
async function stream(res: http.ServerResponse, request: ReadRequest, run: (onText: (text: string) => void) => Promise<Record<string, unknown>>): Promise<void> {
  const id = `chatcmpl-${randomUUID().replaceAll('-', '')}`;
  const model = request.model ?? 'model';
  const created = Math.floor(Date.now() / 1000);
  const event = (body: unknown) => {
    if (!res.destroyed) res.write(`data: ${JSON.stringify(body)}\n\n`);
  };
  const chunk = (delta: object, finish: string | null, extra: object = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'b-node-llama-cpp',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  event(chunk({ role: 'assistant', content: null }, null));
  let answer: Record<string, unknown>;
  try {
    answer = await run((text) => event(chunk({ content: text }, null)));
  } catch (error) {
    const known = error instanceof RequestError ? error : new RequestError(500, (error as Error)?.message ?? String(error), 'server_error');
    event({ error: { code: known.status, message: known.message, type: known.type } });
    res.end();
    return;
  }
  const choice = (answer.choices as Array<{ finish_reason: string }>)[0];
  event(chunk({}, choice?.finish_reason ?? 'stop', { timings: answer.timings }));
  if (request.includeUsage) event({ ...chunk({}, null), choices: [], usage: answer.usage });
  res.end('data: [DONE]\n\n');
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
