import { describe, expect, it } from 'vitest';
import { readCodexEvents, turnUsage } from '../../../src/agents/presets/codex-events.js';

// What codex-cli 0.169.0 printed with `exec --json` against a local Responses API stand-in.
const success = [
  '{"type":"thread.started","thread_id":"01a217b1-0afb-7770-bdb9-1c56ccc623a5"}',
  '{"type":"item.completed","item":{"id":"item_0","type":"error","message":"Model metadata for `gpt-stub` not found. Defaulting to fallback metadata; this can degrade performance and cause issues."}}',
  '{"type":"turn.started"}',
  '{"type":"item.completed","item":{"id":"item_1","type":"agent_message","text":"## Review\\n\\nHello there\\nline 2"}}',
  '{"type":"turn.completed","usage":{"input_tokens":700,"cached_input_tokens":200,"cache_write_input_tokens":0,"output_tokens":40,"reasoning_output_tokens":5}}',
].join('\n');

const highDemand = [
  '{"type":"thread.started","thread_id":"01a217b1-3b93-7342-8ca4-0e6f59cce7c4"}',
  '{"type":"turn.started"}',
  '{"type":"error","message":"Reconnecting... 1/5 (We’re currently experiencing high demand, which may cause temporary errors.)"}',
  '{"type":"error","message":"We’re currently experiencing high demand, which may cause temporary errors."}',
  '{"type":"turn.failed","error":{"message":"We’re currently experiencing high demand, which may cause temporary errors."}}',
].join('\n');

describe('readCodexEvents', () => {
  it('reads the thread, the last agent message and the running totals; a warning item is not the answer nor an error', () => {
    expect(readCodexEvents(success)).toEqual({
      threadId: '01a217b1-0afb-7770-bdb9-1c56ccc623a5',
      answer: '## Review\n\nHello there\nline 2',
      threadTotals: { inputTokens: 700, outputTokens: 40, cachedInputTokens: 200, costUsd: null },
      errors: [],
      failed: false,
    });
  });

  it('takes the last of several agent messages: what --output-last-message writes', () => {
    const two = `${success}\n{"type":"item.completed","item":{"id":"item_2","type":"agent_message","text":"The final word."}}`;
    expect(readCodexEvents(two).answer).toBe('The final word.');
  });

  it('collects the error events and a failed turn, its message not twice', () => {
    const events = readCodexEvents(highDemand);
    expect(events.failed).toBe(true);
    expect(events.answer).toBeNull();
    expect(events.errors).toEqual([
      'Reconnecting... 1/5 (We’re currently experiencing high demand, which may cause temporary errors.)',
      'We’re currently experiencing high demand, which may cause temporary errors.',
    ]);
  });

  it('skips what is not an event: a warning line, a cut-off line, an array', () => {
    expect(readCodexEvents('WARNING: proceeding\n{"type":"thread.started","thread_id":"t"}\n{"type":"item.compl\n[1,2]\n')).toMatchObject({
      threadId: 't',
      answer: null,
      errors: [],
    });
  });
});

describe('turnUsage', () => {
  const totals = { inputTokens: 1_400, outputTokens: 80, cachedInputTokens: 400, costUsd: null };

  it("is the totals for a new thread, and what they grew by for a resumed one (a resumed turn reported the thread's 1,400)", () => {
    expect(turnUsage(totals, null)).toBe(totals);
    expect(turnUsage(totals, { inputTokens: 700, outputTokens: 40, cachedInputTokens: 200, costUsd: null })).toEqual({
      inputTokens: 700,
      outputTokens: 40,
      cachedInputTokens: 200,
      costUsd: null,
    });
  });

  it('keeps a count it cannot subtract from, and never goes below zero', () => {
    expect(turnUsage(totals, { inputTokens: null, outputTokens: 100, cachedInputTokens: 400, costUsd: null })).toEqual({
      inputTokens: 1_400,
      outputTokens: 0,
      cachedInputTokens: 0,
      costUsd: null,
    });
  });
});
