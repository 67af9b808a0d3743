import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { openAiBaseUrl, type ChatEndpoint } from './openai-endpoint.js';

export const chatSystemMessage =
  'You write one section of a code debate between a Reviewer and a Responder, in Markdown. ' +
  'Answer with the body of that section only: no preamble, and no level-1 or level-2 headings.';

export interface ChatParamsInput {
  model: string;
  endpoint: ChatEndpoint;
  prompt: string;
  /** `--max-output-tokens`: sent, because a server's own default (often 4,096 tokens) cuts a long answer short. */
  maxOutputTokens: number;
}

/** The body of one turn's chat-completions request. */
export function chatParams(input: ChatParamsInput): ChatCompletionCreateParamsNonStreaming {
  return {
    model: input.model,
    messages: [
      { role: 'system', content: chatSystemMessage },
      { role: 'user', content: input.prompt },
    ],
    ...outputLimit(input.endpoint, input.maxOutputTokens),
  };
}

/**
 * OpenAI's own API takes `max_completion_tokens`, and its reasoning models refuse `max_tokens`;
 * the other servers (Ollama, vLLM, llama.cpp, LM Studio) all read `max_tokens`.
 */
function outputLimit(endpoint: ChatEndpoint, tokens: number): { max_completion_tokens: number } | { max_tokens: number } {
  return new URL(endpoint.baseUrl).hostname === new URL(openAiBaseUrl).hostname ? { max_completion_tokens: tokens } : { max_tokens: tokens };
}
