import type { ChatCompletion, ChatCompletionChunk, ChatCompletionCreateParams } from 'openai/resources/chat/completions';
import { AgentError, ConfigError } from '../../errors.js';
import type { Agent, TurnRequest } from '../agent.js';
import { chatParams } from './openai-chat-params.js';
import { readCompletionText } from './openai-completion-text.js';
import { resolveChatEndpoint, type ChatEndpoint, type ChatProvider } from './openai-endpoint.js';
import { readServerMessage } from './openai-server-message.js';
import { readStructuredOutput } from './openai-structured-output.js';
import { failurePrefix } from '../run-agent-process.js';
import { maxTimerMs } from '../../max-timer.js';
import { readChatUsage } from '../read-usage.js';
import { httpFetch } from './http-fetch.js';
import { readChatStream } from './openai-read-stream.js';
import { describeRefusal, refusedFeature, type ChatFeature, type Refusal } from './openai-refused-feature.js';
import { isLlamaServer, llamaLineBreakTokens, type LogitBias } from './llama-line-breaks.js';
import { openAiBaseUrl } from './openai-endpoint.js';

export interface OpenAiAgentOptions {
  provider: ChatProvider;
  model: string;
  env: NodeJS.ProcessEnv;
  /** `--max-output-tokens`: the most tokens one answer may take. */
  maxOutputTokens: number;
  /** `--agent-silence`: how long a server may send no token once its answer began. */
  silenceMs: number;
}

/** The session retries a failed turn once (askAgent): the SDK's own retries are off, so that policy is the only one. */
export const chatMaxRetries = 0;

/**
 * `--agent openai:<model>` and `--agent ollama:<model>`: one chat completion per turn through the
 * official SDK, from any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio),
 * streamed, so that its tokens show as they come and a server that stops sending them is told
 * from a slow one (--agent-silence). The endpoint comes from the environment; the turn's deadline
 * and signal bound the request, and nothing else does (see httpFetch). A server that answers a
 * streamed request with the whole completion is served all the same. A
 * turn answered as data asks for its JSON Schema as structured output (see chatParams), and
 * resolves to the model's JSON text, which the session parses and checks.
 */
export function createOpenAiAgent(options: OpenAiAgentOptions): Agent {
  const model = options.model.trim();
  const name = `${options.provider}:${model}`;
  if (model === '') {
    const example = options.provider === 'ollama' ? 'ollama:qwen2.5-coder' : 'openai:gpt-4.1';
    throw new ConfigError(`Cannot use the agent \`${options.provider}:\`: expected a model after \`${options.provider}:\`, e.g. --agent ${example}.`);
  }
  const chat: ChatAgent = {
    name,
    model,
    endpoint: resolveChatEndpoint(options.provider, name, options.env),
    maxOutputTokens: options.maxOutputTokens,
    silenceMs: options.silenceMs,
    features: { structuredOutput: readStructuredOutput(options.env), stream: true, streamOptions: true, logitBias: true },
    streams: null,
    llamaServer: null,
    lineBreakTokens: new Map(),
  };
  return {
    name,
    writeTurn: (request) => requestCompletion(chat, request),
  };
}

type Failed = { error: unknown; message: string };
type Attempt = { completion: ChatCompletion } | Failed;

interface ChatAgent {
  name: string;
  model: string;
  endpoint: ChatEndpoint;
  maxOutputTokens: number;
  silenceMs: number;
  /** What a request asks the server for; each is false once the server refused it, so later turns do not ask. */
  features: Record<ChatFeature, boolean>;
  /** Whether the server streamed its last answer; null before one came. */
  streams: boolean | null;
  /** Whether the server is llama.cpp's; null before it was asked. */
  llamaServer: boolean | null;
  /** By schema name: the server's tokens that join a line break to other characters (see lineBreakTokensFor). */
  lineBreakTokens: Map<string, LogitBias | null>;
}

/**
 * The tokens to forbid in an answer held to `request`'s schema: asked of the server once per
 * schema, and only of a server that may be llama.cpp's (not Ollama, not OpenAI's own API). A
 * server that is not says so at the first ask, and is asked no more; neither is one whose
 * `/tokenize` told nothing.
 */
async function lineBreakTokensFor(agent: ChatAgent, request: TurnRequest, signal: AbortSignal): Promise<LogitBias | null> {
  const schema = request.answerSchema;
  const { provider, baseUrl } = agent.endpoint;
  if (schema === undefined || !agent.features.structuredOutput || !agent.features.logitBias) return null;
  if (provider !== 'openai' || new URL(baseUrl).hostname === new URL(openAiBaseUrl).hostname) return null;
  if (agent.lineBreakTokens.has(schema.name)) return agent.lineBreakTokens.get(schema.name) ?? null;
  // A server that does not answer within the silence bound is taken as no llama-server; the turn's own end ends the probe.
  const probe = AbortSignal.any([signal, AbortSignal.timeout(agent.silenceMs)]);
  let tokens: LogitBias | null = null;
  try {
    agent.llamaServer ??= await isLlamaServer(baseUrl, probe);
    if (agent.llamaServer) tokens = await llamaLineBreakTokens(baseUrl, schema.schema, probe);
  } catch (error) {
    if (signal.aborted) throw error;
  }
  if (tokens === null) agent.features.logitBias = false;
  agent.lineBreakTokens.set(schema.name, tokens);
  return tokens;
}

async function requestCompletion(agent: ChatAgent, request: TurnRequest): Promise<string> {
  const { name, model, endpoint, maxOutputTokens } = agent;
  // The SDK is ~150 modules: loaded by the first request, so a side with another agent never loads or holds it.
  const [{ OpenAI }, { Stream }, { classifyChatError }] = await Promise.all([import('openai'), import('openai/streaming'), import('./openai-classify-error.js')]);
  const what = failurePrefix(name, request);
  const timeoutMs = Math.max(1, Math.min(Math.ceil(request.timeoutMs), maxTimerMs));
  const deadline = AbortSignal.timeout(timeoutMs);
  const silence = new AbortController();
  const stop = AbortSignal.any([request.signal, deadline, silence.signal]);
  const lastError: { body: Promise<string> | null } = { body: null };
  const client = new OpenAI({
    baseURL: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    organization: endpoint.organization,
    project: endpoint.project,
    adminAPIKey: null,
    webhookSecret: null,
    timeout: timeoutMs,
    maxRetries: chatMaxRetries,
    logLevel: 'off',
    // Kept whole, because the SDK keeps only the `error` field of a JSON body (vLLM sends `message`).
    fetch: async (input, init) => {
      const response = await httpFetch(input, init);
      if (!response.ok)
        lastError.body = response
          .clone()
          .text()
          .catch(() => '');
      return response;
    },
  });
  let tokens = 0;
  const read = async (response: Response): Promise<ChatCompletion> => {
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      agent.streams = false;
      // Whatever came is handed on as it is: readCompletionText says when it is no chat completion.
      const text = await response.text();
      try {
        return JSON.parse(text) as ChatCompletion;
      } catch {
        return text as unknown as ChatCompletion;
      }
    }
    agent.streams = true;
    const controller = new AbortController();
    const streamed = await readChatStream(Stream.fromSSEResponse<ChatCompletionChunk>(response, controller), {
      silence,
      silenceMs: agent.silenceMs,
      onProgress: (progress) => {
        tokens = progress.tokens ?? tokens;
        request.onProgress?.(progress);
      },
    });
    // The SDK ends a stream quietly when its request is aborted: the reason is the signal's.
    if (stop.aborted) throw stop.reason;
    if (!streamed.ended) throw new StreamCutError(streamed.tokens);
    return streamed.completion;
  };
  const attempt = async (params: ChatCompletionCreateParams): Promise<Attempt> => {
    lastError.body = null;
    try {
      return { completion: await untilAborted(client.chat.completions.create(params, { signal: stop }).asResponse().then(read), stop) };
    } catch (error) {
      const body = lastError.body === null ? null : await lastError.body;
      return { error, message: body === null ? '' : readServerMessage(body) };
    }
  };
  const classify = (failed: Failed) => {
    if (failed.error instanceof StreamCutError) {
      return new AgentError(
        `${what}: the server at ${endpoint.baseUrl} ended its answer after ${failed.error.tokens.toLocaleString('en-US')} tokens without saying why (no finish_reason), ` +
          "so the answer is incomplete. Check the server's log: it may have crashed or run out of memory.",
        'server-error',
        { cause: failed.error },
      );
    }
    return classifyChatError(
      failed.error,
      {
        what,
        endpoint,
        model,
        timeoutMs: request.limitMs ?? request.timeoutMs,
        interrupted: request.signal.aborted,
        timedOut: deadline.aborted,
        silence: silence.signal.aborted ? { ms: agent.silenceMs, tokens } : null,
        streams: agent.streams,
      },
      failed.message,
    );
  };
  const lineBreakTokens = await lineBreakTokensFor(agent, request, stop).catch((error: unknown) => {
    // Only the turn's own signal ends the probe early: told as the request's end would be.
    throw classify({ error, message: '' });
  });
  const input = { model, endpoint, prompt: request.prompt, maxOutputTokens, answerSchema: request.answerSchema, lineBreakTokens };
  let result: Attempt;
  let refused: (Refusal & { error: unknown }) | null = null;
  for (;;) {
    const params = chatParams({ ...input, ...agent.features });
    result = await attempt(params);
    const refusal = 'error' in result ? refusedFeature(result.error, result.message, params) : null;
    if (refusal === null || !('error' in result)) break;
    // The server would refuse it again: this agent's later turns ask without it at once.
    agent.features[refusal.feature] = false;
    refused = { ...refusal, error: result.error };
  }
  if ('error' in result) {
    const failed = classify(result);
    if (refused === null) throw failed;
    throw new AgentError(failed.message, failed.kind, { cause: new Error(describeRefusal(endpoint.baseUrl, refused), { cause: refused.error }) });
  }
  const { completion } = result;
  const usage = readChatUsage((completion as Partial<ChatCompletion> | null)?.usage);
  if (usage !== null) request.onUsage?.(usage);
  return readCompletionText(completion, { what, url: endpoint.baseUrl, maxOutputTokens, usage });
}

/** A stream that ended before a chunk said why the answer ended. */
class StreamCutError extends Error {
  constructor(readonly tokens: number) {
    super(`The stream ended after ${tokens} tokens without a finish_reason.`);
  }
}

/** Settles as soon as `signal` aborts, whatever the SDK is doing meanwhile. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}
