import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { AgentError, ConfigError } from '../../errors.js';
import type { Agent, TurnRequest } from '../agent.js';
import { chatParams } from './openai-chat-params.js';
import { readCompletionText } from './openai-completion-text.js';
import { resolveChatEndpoint, type ChatEndpoint, type ChatProvider } from './openai-endpoint.js';
import { readServerMessage } from './openai-server-message.js';
import { describeRefusal, readStructuredOutput, structuredOutputRefusal } from './openai-structured-output.js';
import { failurePrefix } from '../run-agent-process.js';
import { maxTimerMs } from '../../max-timer.js';
import { readChatUsage } from '../read-usage.js';

export interface OpenAiAgentOptions {
  provider: ChatProvider;
  model: string;
  env: NodeJS.ProcessEnv;
  /** `--max-output-tokens`: the most tokens one answer may take. */
  maxOutputTokens: number;
}

/** The session already retries a failed turn once; the SDK adds one quick retry of its own. */
export const chatMaxRetries = 1;

/**
 * `--agent openai:<model>` and `--agent ollama:<model>`: one chat completion per turn through the
 * official SDK, from any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio).
 * The endpoint comes from the environment; the turn's deadline and signal bound the request. A
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
    structuredOutput: readStructuredOutput(options.env),
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
  /** Whether a turn with an answer schema asks the server to hold the answer to it; false once the server refused. */
  structuredOutput: boolean;
}

async function requestCompletion(agent: ChatAgent, request: TurnRequest): Promise<string> {
  const { name, model, endpoint, maxOutputTokens } = agent;
  // The SDK is ~150 modules: loaded by the first request, so a side with another agent never loads or holds it.
  const [{ OpenAI }, { classifyChatError }] = await Promise.all([import('openai'), import('./openai-classify-error.js')]);
  const what = failurePrefix(name, request);
  const timeoutMs = Math.max(1, Math.min(Math.ceil(request.timeoutMs), maxTimerMs));
  const deadline = AbortSignal.timeout(timeoutMs);
  const stop = AbortSignal.any([request.signal, deadline]);
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
      const response = await fetch(input, init);
      if (!response.ok)
        lastError.body = response
          .clone()
          .text()
          .catch(() => '');
      return response;
    },
  });
  const attempt = async (params: ChatCompletionCreateParamsNonStreaming): Promise<Attempt> => {
    lastError.body = null;
    try {
      return { completion: await untilAborted(client.chat.completions.create(params, { signal: stop }), stop) };
    } catch (error) {
      const body = lastError.body === null ? null : await lastError.body;
      return { error, message: body === null ? '' : readServerMessage(body) };
    }
  };
  const classify = (failed: Failed) =>
    classifyChatError(
      failed.error,
      { what, endpoint, model, timeoutMs: request.limitMs ?? request.timeoutMs, interrupted: request.signal.aborted, timedOut: deadline.aborted },
      failed.message,
    );
  const input = { model, endpoint, prompt: request.prompt, maxOutputTokens, answerSchema: request.answerSchema, structuredOutput: agent.structuredOutput };
  const params = chatParams(input);
  let result = await attempt(params);
  const refusal = 'error' in result && params.response_format !== undefined ? structuredOutputRefusal(result.error, result.message) : null;
  if (refusal !== null) {
    // The server would refuse it again: this agent's later turns ask without it at once.
    agent.structuredOutput = false;
    result = await attempt(chatParams({ ...input, structuredOutput: false }));
    if ('error' in result) {
      const failed = classify(result);
      throw new AgentError(failed.message, failed.kind, { cause: new Error(describeRefusal(endpoint.baseUrl, refusal), { cause: result.error }) });
    }
  }
  if ('error' in result) throw classify(result);
  const { completion } = result;
  const usage = readChatUsage((completion as Partial<ChatCompletion> | null)?.usage);
  if (usage !== null) request.onUsage?.(usage);
  return readCompletionText(completion, { what, url: endpoint.baseUrl, maxOutputTokens, usage });
}

/** Settles as soon as `signal` aborts: the SDK sleeps between retries without watching it. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}
