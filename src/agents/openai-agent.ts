import type { ChatCompletion } from 'openai/resources/chat/completions';
import { AgentError, ConfigError } from '../errors.js';
import type { Agent, TurnRequest } from './agent.js';
import { resolveChatEndpoint, type ChatEndpoint, type ChatProvider } from './openai-endpoint.js';
import { readServerMessage } from './openai-server-message.js';
import { failurePrefix } from './run-agent-process.js';
import { maxTimerMs } from '../max-timer.js';
import { readChatUsage } from './read-usage.js';

export interface OpenAiAgentOptions {
  provider: ChatProvider;
  model: string;
  env: NodeJS.ProcessEnv;
}

/** The session already retries a failed turn once; the SDK adds one quick retry of its own. */
export const chatMaxRetries = 1;
export const chatSystemMessage =
  'You write one section of a code debate between a Reviewer and a Responder, in Markdown. ' +
  'Answer with the body of that section only: no preamble, and no level-1 or level-2 headings.';

/**
 * `--agent openai:<model>` and `--agent ollama:<model>`: one chat completion per turn through the
 * official SDK, from any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio).
 * The endpoint comes from the environment; the turn's deadline and signal bound the request.
 */
export function createOpenAiAgent(options: OpenAiAgentOptions): Agent {
  const model = options.model.trim();
  const name = `${options.provider}:${model}`;
  if (model === '') {
    const example = options.provider === 'ollama' ? 'ollama:qwen2.5-coder' : 'openai:gpt-4.1';
    throw new ConfigError(`Cannot use the agent \`${options.provider}:\`: expected a model after \`${options.provider}:\`, e.g. --agent ${example}.`);
  }
  const endpoint = resolveChatEndpoint(options.provider, name, options.env);
  return {
    name,
    writeTurn: (request) => requestCompletion(name, model, endpoint, request),
  };
}

async function requestCompletion(name: string, model: string, endpoint: ChatEndpoint, request: TurnRequest): Promise<string> {
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
      if (!response.ok) lastError.body = response.clone().text().catch(() => '');
      return response;
    },
  });
  let completion: ChatCompletion;
  try {
    const call = client.chat.completions.create(
      { model, messages: [{ role: 'system', content: chatSystemMessage }, { role: 'user', content: request.prompt }] },
      { signal: stop },
    );
    completion = await untilAborted(call, stop);
  } catch (error) {
    const body = lastError.body === null ? null : await lastError.body;
    throw classifyChatError(
      error,
      { what, endpoint, model, timeoutMs: request.limitMs ?? request.timeoutMs, interrupted: request.signal.aborted, timedOut: deadline.aborted },
      body === null ? '' : readServerMessage(body),
    );
  }
  const usage = readChatUsage((completion as Partial<ChatCompletion> | null)?.usage);
  if (usage !== null) request.onUsage?.(usage);
  return readCompletionText(completion, what, endpoint.baseUrl);
}

/** The section's text from a completion; a reasoning model's leading `<think>` block is not part of it. */
function readCompletionText(completion: ChatCompletion, what: string, url: string): string {
  // A server that is not OpenAI-compatible can answer 200 with anything.
  const choices: unknown = (completion as Partial<ChatCompletion> | null)?.choices;
  if (!Array.isArray(choices)) {
    const shown = JSON.stringify(completion)?.slice(0, 200) ?? String(completion);
    throw new AgentError(`${what}: the answer from ${url} is not a chat completion (${shown}). Check that the URL is an OpenAI-compatible API, usually ending in /v1.`, 'crashed');
  }
  const choice = (choices as ChatCompletion['choices'])[0];
  const text = (choice?.message?.content ?? '').replace(/^\s*<think>[\s\S]*?<\/think>/, '');
  const finish = choice?.finish_reason ?? 'none';
  if (finish === 'length' || finish === 'content_filter') {
    const why = finish === 'length' ? "the model's output or context limit" : "the server's content filter";
    throw new AgentError(
      `${what}: the answer was cut off by ${why} (finish_reason \`${finish}\`), so it is incomplete. ` +
        'Choose a model with a larger context, or raise the server\'s limit (for Ollama: OLLAMA_CONTEXT_LENGTH).',
      'bad-output',
      { cause: completion },
    );
  }
  if (text.trim() === '') {
    throw new AgentError(`${what}: the model answered with no text (finish_reason \`${finish}\`), and a turn needs the section's text. Try again, or choose another model.`, 'empty-output', {
      cause: completion,
    });
  }
  return text.trim();
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
