import type { TurnUsage } from '../../protocol/usage.js';
import { asRecord, parseJsonLine } from './cli-agent-json.js';

/**
 * What `codex exec --json` printed on stdout, one JSON event a line. Seen from codex-cli 0.169.0
 * against a local Responses API stand-in:
 *   {"type":"thread.started","thread_id":"<uuid>"}
 *   {"type":"item.completed","item":{"type":"error","message":"Model metadata ... not found ..."}}   (a warning; it goes on)
 *   {"type":"turn.started"}
 *   {"type":"item.completed","item":{"type":"agent_message","text":"<the answer>"}}
 *   {"type":"turn.completed","usage":{"input_tokens":1400,"cached_input_tokens":400,"output_tokens":80,...}}
 * and on failure `{"type":"error","message":"Reconnecting... 1/5 (...)"}` lines, then
 * `{"type":"turn.failed","error":{"message":"..."}}`, exit 1. `turn.completed`'s usage is the
 * thread's running total, not the turn's: a resumed thread's second turn reported twice the first.
 */
export interface CodexEvents {
  /** The conversation, for `codex exec resume` on the next turn. */
  threadId: string | null;
  /** The last agent message: the final answer, what `--output-last-message` writes. */
  answer: string | null;
  /** `turn.completed`'s usage: the thread's totals so far. */
  threadTotals: TurnUsage | null;
  /** The `error` events' and `turn.failed`'s messages, in order. */
  errors: string[];
  /** Whether the turn failed (`turn.failed`), whatever the exit code. */
  failed: boolean;
}

export function readCodexEvents(stdout: string): CodexEvents {
  const events: CodexEvents = { threadId: null, answer: null, threadTotals: null, errors: [], failed: false };
  for (const line of stdout.split('\n')) {
    const event = parseJsonLine(line);
    if (event === null) continue;
    if (event.type === 'thread.started' && typeof event.thread_id === 'string' && event.thread_id !== '') events.threadId = event.thread_id;
    if (event.type === 'item.completed') {
      const item = asRecord(event.item);
      if (item?.type === 'agent_message' && typeof item.text === 'string') events.answer = item.text;
    }
    if (event.type === 'turn.completed') events.threadTotals = readTotals(asRecord(event.usage));
    if (event.type === 'error' && typeof event.message === 'string') events.errors.push(event.message);
    if (event.type === 'turn.failed') {
      events.failed = true;
      const message = asRecord(event.error)?.message;
      if (typeof message === 'string' && message !== events.errors.at(-1)) events.errors.push(message);
    }
  }
  return events;
}

/** This turn's usage from the thread's totals after it and, for a resumed thread, before it. */
export function turnUsage(totals: TurnUsage | null, before: TurnUsage | null): TurnUsage | null {
  if (totals === null || before === null) return totals;
  const less = (after: number | null, earlier: number | null) => (after === null || earlier === null ? after : Math.max(0, after - earlier));
  return {
    inputTokens: less(totals.inputTokens, before.inputTokens),
    outputTokens: less(totals.outputTokens, before.outputTokens),
    cachedInputTokens: less(totals.cachedInputTokens, before.cachedInputTokens),
    costUsd: null,
  };
}

/** Codex's usage in the Responses API's terms: input counts the cached part, output the reasoning; no price. */
function readTotals(usage: Record<string, unknown> | null): TurnUsage | null {
  if (usage === null) return null;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);
  const totals = { inputTokens: count(usage.input_tokens), outputTokens: count(usage.output_tokens), cachedInputTokens: count(usage.cached_input_tokens), costUsd: null };
  return totals.inputTokens === null && totals.outputTokens === null ? null : totals;
}
