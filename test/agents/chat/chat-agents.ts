import { createOpenAiAgent } from '../../../src/agents/chat/openai-agent.js';
import { startChatServer, type LlamaProbes, type Reply } from './chat-server.js';

/** `--max-output-tokens` as the tests set it unless they say otherwise: the default. */
export const maxOutputTokens = 16_384;
/** `--agent-silence` as the tests set it unless they say otherwise: the default. */
export const silenceMs = 180_000;

export interface AgainstOptions {
  model?: string;
  /** Added to the endpoint's own variables (OLLAMA_HOST, or OPENAI_BASE_URL and a key). */
  env?: NodeJS.ProcessEnv;
  maxOutputTokens?: number;
  silenceMs?: number;
  /** Answer `/props` and `/tokenize` as llama.cpp's server does (see startChatServer). */
  llama?: LlamaProbes;
}

/** An `ollama:<model>` agent whose OLLAMA_HOST is `127.0.0.1:<port>`, without a scheme, as Ollama allows. */
export async function ollamaAgainst(replies: readonly Reply[], options: AgainstOptions = {}) {
  const server = await startChatServer(replies, options.llama);
  const agent = createOpenAiAgent({
    provider: 'ollama',
    model: options.model ?? 'qwen2.5-coder',
    env: { OLLAMA_HOST: `127.0.0.1:${server.port}`, ...options.env },
    maxOutputTokens: options.maxOutputTokens ?? maxOutputTokens,
    silenceMs: options.silenceMs ?? silenceMs,
  });
  return { server, agent, url: `http://127.0.0.1:${server.port}/v1` };
}

/** An `openai:<model>` agent (default `gpt-test`, key `sk-test`) whose OPENAI_BASE_URL is the stand-in. */
export async function openAiAgainst(replies: readonly Reply[], options: AgainstOptions = {}) {
  const server = await startChatServer(replies, options.llama);
  const url = `http://127.0.0.1:${server.port}/v1`;
  const agent = createOpenAiAgent({
    provider: 'openai',
    model: options.model ?? 'gpt-test',
    env: { OPENAI_BASE_URL: url, OPENAI_API_KEY: 'sk-test', ...options.env },
    maxOutputTokens: options.maxOutputTokens ?? maxOutputTokens,
    silenceMs: options.silenceMs ?? silenceMs,
  });
  return { server, agent, url };
}
