import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { AgentProgress } from '../agent.js';

export interface StreamReading {
  /** Aborted when no token came for `silenceMs` once the answer began: the caller's signal must include it. */
  silence: AbortController;
  /** The silence bound; past the first token only, since reading a long prompt sends nothing. */
  silenceMs: number;
  /** Told the tokens so far as they come (see AgentProgress). */
  onProgress?: ((progress: AgentProgress) => void) | undefined;
  /** `Date.now`, as a test may set it. */
  now?: () => number;
}

/** What a streamed answer came to: the completion it adds up to, and whether any token came. */
export interface StreamedAnswer {
  completion: ChatCompletion;
  /** Tokens counted from the stream: content and reasoning chunks. */
  tokens: number;
  /** Whether a chunk gave a finish_reason: a stream that ends without one was cut short. */
  ended: boolean;
}

/**
 * Adds up a streamed chat completion (its chunks, as the SDK reads them from the server's
 * events) into the completion a server that does not stream would have sent: the content, the
 * last finish_reason, and the usage of the last chunk (`stream_options.include_usage`). Each
 * chunk that carries text counts as one token, as servers send them; reasoning a server sends
 * apart (`reasoning_content`, `reasoning`) counts too. No token for `silenceMs` once the first
 * came aborts `silence`; the stream then ends, and the caller says why.
 */
export async function readChatStream(chunks: AsyncIterable<ChatCompletionChunk>, reading: StreamReading): Promise<StreamedAnswer> {
  const now = reading.now ?? Date.now;
  const started = now();
  let firstTokenAt: number | null = null;
  let tokens = 0;
  let content = '';
  let finish: ChatCompletion.Choice['finish_reason'] | null = null;
  let usage: ChatCompletion['usage'] | undefined;
  let last: ChatCompletionChunk | null = null;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => reading.silence.abort(), reading.silenceMs);
    timer.unref();
  };
  try {
    for await (const chunk of chunks) {
      last = chunk;
      // Once the answer began, anything the server sends shows it alive.
      if (firstTokenAt !== null) arm();
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices?.[0];
      if (choice === undefined) continue;
      if (choice.finish_reason) finish = choice.finish_reason;
      const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & { reasoning_content?: unknown; reasoning?: unknown };
      const text = typeof delta.content === 'string' ? delta.content : '';
      const thought = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : typeof delta.reasoning === 'string' ? delta.reasoning : '';
      content += text;
      if (text === '' && thought === '') continue;
      tokens++;
      const at = now();
      if (firstTokenAt === null) arm();
      firstTokenAt ??= at;
      reading.onProgress?.({ tokens, tokensPerSecond: rate(tokens, firstTokenAt, at), elapsedMs: at - started });
    }
  } finally {
    clearTimeout(timer);
  }
  return {
    tokens,
    ended: finish !== null,
    completion: {
      id: last?.id ?? '',
      object: 'chat.completion',
      created: last?.created ?? 0,
      model: last?.model ?? '',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: finish ?? 'stop', logprobs: null }],
      ...(usage ? { usage } : {}),
    },
  };
}

/** Tokens per second from the first token on: the time to read the prompt is not the model's writing speed. */
function rate(tokens: number, firstAt: number, at: number): number | null {
  return tokens < 2 || at <= firstAt ? null : (tokens - 1) / ((at - firstAt) / 1000);
}
