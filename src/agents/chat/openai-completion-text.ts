import type { ChatCompletion } from 'openai/resources/chat/completions';
import { AgentError } from '../../errors.js';
import type { TurnUsage } from '../../protocol/usage.js';
import { stripThinking } from './openai-strip-thinking.js';

export interface CompletionContext {
  /** `Agent \`ollama:x\` failed to write response 1`. */
  what: string;
  /** The server's base URL, for messages. */
  url: string;
  /** The limit the request asked for (`--max-output-tokens`). */
  maxOutputTokens: number;
  /** What the server said the answer cost, if it said. */
  usage: TurnUsage | null;
}

/** The section's text from a completion; a reasoning model's `<think>` blocks are not part of it (their tokens are in the usage all the same). */
export function readCompletionText(completion: ChatCompletion, context: CompletionContext): string {
  const { what, url } = context;
  // A server that is not OpenAI-compatible can answer 200 with anything.
  const choices: unknown = (completion as Partial<ChatCompletion> | null)?.choices;
  if (!Array.isArray(choices)) {
    const shown = JSON.stringify(completion)?.slice(0, 200) ?? String(completion);
    throw new AgentError(`${what}: the answer from ${url} is not a chat completion (${shown}). Check that the URL is an OpenAI-compatible API, usually ending in /v1.`, 'crashed');
  }
  const choice = (choices as ChatCompletion['choices'])[0];
  const { text, unclosed } = stripThinking(choice?.message?.content ?? '');
  const finish = choice?.finish_reason ?? 'none';
  if (finish === 'length') throw new AgentError(describeLengthStop(context), 'bad-output', { cause: completion });
  if (finish === 'content_filter') {
    throw new AgentError(
      `${what}: the answer was cut off by the server's content filter (finish_reason \`content_filter\`), so it is incomplete. ` + 'Try again, or choose another model or server.',
      'bad-output',
      { cause: completion },
    );
  }
  if (text.trim() === '' && unclosed) {
    throw new AgentError(
      `${what}: the model's answer is thinking that never ends (a \`<think>\` with no \`</think>\`), with no section text (finish_reason \`${finish}\`). ` +
        'Try again, or choose another model.',
      'empty-output',
      { cause: completion },
    );
  }
  if (text.trim() === '') {
    throw new AgentError(
      `${what}: the model answered with no text (finish_reason \`${finish}\`), and a turn needs the section's text. Try again, or choose another model.`,
      'empty-output',
      {
        cause: completion,
      },
    );
  }
  return text.trim();
}

/**
 * `finish_reason: length`: the answer reached --max-output-tokens, or, when the server counted
 * fewer tokens than that, a limit of the server's own (its output cap, the model's context).
 */
function describeLengthStop({ what, maxOutputTokens, usage }: CompletionContext): string {
  const limit = `its token limit (${maxOutputTokens.toLocaleString('en-US')} tokens, --max-output-tokens)`;
  const used = usage?.outputTokens ?? null;
  if (used !== null && used < maxOutputTokens) {
    return (
      `${what}: the model stopped after ${used.toLocaleString('en-US')} tokens, before ${limit}, so the answer is incomplete: ` +
      "the server's own limit or the model's context ended it. Raise the server's limits (llama.cpp: --n-predict and --ctx-size; " +
      'Ollama: OLLAMA_CONTEXT_LENGTH), or choose a model with a larger context.'
    );
  }
  return (
    `${what}: the model stopped at ${limit}, so the answer is incomplete. ` +
    "Raise --max-output-tokens (or `maxOutputTokens` in .code-debate.json), and check that the model's context holds the prompt and that many tokens more."
  );
}
