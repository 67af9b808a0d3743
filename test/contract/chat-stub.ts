import { answers } from './anthropic-stub.js';
import { sendJson, startStubServer } from './stub-server.js';

/**
 * A stand-in for OpenAI-compatible chat-completions servers on 127.0.0.1 (`POST
 * /v1/chat/completions`), answering each turn by the heading its prompt asks for with the `usage`
 * the server it plays reports: with the whole completion, as a server that does not stream does
 * (the `openai:` and `ollama:` agents ask for a stream and take this as it is).
 */
export type ChatServerKind = keyof typeof serverUsage;

/** Each server's `usage`, as its docs and its answers give it: only OpenAI's says what came from its prompt cache. */
export const serverUsage = {
  openai: {
    prompt_tokens: 1_500,
    completion_tokens: 90,
    total_tokens: 1_590,
    prompt_tokens_details: { cached_tokens: 1_024, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  },
  ollama: { prompt_tokens: 1_500, completion_tokens: 90, total_tokens: 1_590 },
  vllm: { prompt_tokens: 1_500, total_tokens: 1_590, completion_tokens: 90, prompt_tokens_details: null },
  'llama.cpp': { completion_tokens: 90, prompt_tokens: 1_500, total_tokens: 1_590 },
};

/** What else in the body each server adds (llama.cpp its timings, Ollama its fingerprint). */
const extras: Record<ChatServerKind, Record<string, unknown>> = {
  openai: { system_fingerprint: 'fp_stub', service_tier: 'default' },
  ollama: { system_fingerprint: 'fp_ollama' },
  vllm: { prompt_logprobs: null, kv_transfer_params: null },
  'llama.cpp': { timings: { prompt_n: 1_500, prompt_ms: 812.4, predicted_n: 90, predicted_ms: 2_031.9 } },
};

export async function startChatStub(kind: ChatServerKind): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = await startStubServer(({ method, url, body }, res) => {
    if (method !== 'POST' || url !== '/v1/chat/completions') {
      sendJson(res, 404, kind === 'vllm' ? { detail: 'Not Found' } : { error: '404 page not found' });
      return;
    }
    requests.push(body);
    const { model } = JSON.parse(body) as { model: string };
    const content = answers.find(([pattern]) => pattern.test(body))?.[1] ?? 'A debate about debug output';
    sendJson(res, 200, {
      id: 'chatcmpl-stub',
      object: 'chat.completion',
      created: 1_764_000_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: serverUsage[kind],
      ...extras[kind],
    });
  });
  return { origin: server.origin, requests, close: server.close };
}
