import type { ChatCompletionCreateParams } from 'openai/resources/chat/completions';
import type { AnswerJsonSchema } from '../../protocol/answer-schema.js';
import type { LogitBias } from './llama-line-breaks.js';
import { openAiBaseUrl, type ChatEndpoint } from './openai-endpoint.js';

/** For a turn answered in free text: the CONSENSUS narrative. */
export const chatSystemMessage =
  'You write one section of a code debate between a Reviewer and a Responder, in Markdown. ' +
  'Answer with the body of that section only: no preamble, and no level-1 or level-2 headings.';

/** For a turn answered as data: code-debate writes the section from the JSON. */
export const chatJsonSystemMessage =
  'You write one turn of a code debate between a Reviewer and a Responder. ' +
  'Answer with one JSON object that follows the JSON Schema of the answer, and nothing else: no preamble, no Markdown around it.';

export interface ChatParamsInput {
  model: string;
  endpoint: ChatEndpoint;
  prompt: string;
  /** `--max-output-tokens`: sent, because a server's own default (often 4,096 tokens) cuts a long answer short. */
  maxOutputTokens: number;
  /** The schema the answer follows; absent for a free-text turn. */
  answerSchema?: AnswerJsonSchema | undefined;
  /** Whether to hold the server to `answerSchema` (`response_format`), or leave the schema to the prompt. */
  structuredOutput: boolean;
  /** Whether to ask for the answer as a stream of events (`stream: true`); false for a server that refused it. */
  stream: boolean;
  /** Whether to ask for the usage at the end of the stream (`stream_options.include_usage`); false for a server that refused it. */
  streamOptions: boolean;
  /** The server's tokens that join a line break to other characters, forbidden with `answerSchema` held (llamaLineBreakTokens); null for another server. */
  lineBreakTokens?: LogitBias | null | undefined;
  /** Whether to send `lineBreakTokens` as `logit_bias`; false for a server that refused it. */
  logitBias?: boolean;
}

/**
 * The body of one turn's chat-completions request. A schema is asked for as OpenAI's structured
 * output, `response_format: json_schema`, from every server: vLLM and llama.cpp's server read it,
 * and so does Ollama's OpenAI-compatible endpoint, which hands `json_schema.schema` on as its
 * own `format` (a top-level `format` is not a field of that endpoint). The answer is asked for
 * as a stream, so the server's headers come at once and its tokens as they are written. Held to
 * the schema by llama.cpp's server, the answer is kept from line breaks between its fields, the
 * tokens a small model otherwise spends on indentation (`logit_bias`, llama-server's own form).
 */
export function chatParams(input: ChatParamsInput): ChatCompletionCreateParams {
  const { answerSchema } = input;
  return {
    model: input.model,
    ...(input.stream ? { stream: true, ...(input.streamOptions ? { stream_options: { include_usage: true } } : {}) } : {}),
    messages: [
      { role: 'system', content: answerSchema === undefined ? chatSystemMessage : chatJsonSystemMessage },
      { role: 'user', content: input.prompt },
    ],
    ...outputLimit(input.endpoint, input.maxOutputTokens),
    ...(answerSchema !== undefined && input.structuredOutput
      ? { response_format: { type: 'json_schema', json_schema: { name: answerSchema.name, strict: true, schema: answerSchema.schema } } }
      : {}),
    ...(answerSchema !== undefined && input.structuredOutput && input.logitBias !== false && input.lineBreakTokens
      ? // llama-server's `[[id, false], ...]`, which the SDK's type (OpenAI's object form) does not name.
        { logit_bias: input.lineBreakTokens as unknown as Record<string, number> }
      : {}),
  };
}

/**
 * OpenAI's own API takes `max_completion_tokens`, and its reasoning models refuse `max_tokens`;
 * the other servers (Ollama, vLLM, llama.cpp, LM Studio) all read `max_tokens`.
 */
function outputLimit(endpoint: ChatEndpoint, tokens: number): { max_completion_tokens: number } | { max_tokens: number } {
  return new URL(endpoint.baseUrl).hostname === new URL(openAiBaseUrl).hostname ? { max_completion_tokens: tokens } : { max_tokens: tokens };
}
