import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { geminiError } from '../../../src/agents/presets/gemini-agent.js';
import { geminiTroubleText, readGeminiEvents } from '../../../src/agents/presets/gemini-events.js';
import { readGeminiUsage } from '../../../src/agents/read-usage.js';
import { asRecord } from '../../../src/agents/presets/cli-agent-json.js';

const line = (event: object) => JSON.stringify(event);

describe('readGeminiEvents', () => {
  it('reads the answer after the last tool call and the stats, in the stream Gemini CLI 0.61.0 printed', async () => {
    const text = await readFile(new URL('../../fixtures/cli-streams/gemini-0.61.0-tool-calls.jsonl', import.meta.url), 'utf8');
    const events = readGeminiEvents(text);
    expect(events.answer).toBe(
      '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nThe `console.log(name)` at `src/app.js:2` prints user input: remove it.',
    );
    expect(events.result?.status).toBe('success');
    expect(events.errors).toEqual([]);
    // Six model calls of the stand-in's 900 prompt, 60 answer and 40 thinking tokens each: the thinking is in the total only.
    expect(readGeminiUsage(asRecord(events.result?.stats))).toEqual({ inputTokens: 5_400, outputTokens: 600, cachedInputTokens: 600, costUsd: null });
  });

  it("joins the answer's deltas, and drops the commentary written before a tool call, as `-o json`'s response does", () => {
    const stdout = [
      line({ type: 'init', session_id: 's', model: 'auto' }),
      line({ type: 'message', role: 'user', content: 'Review this: the API key is not valid, 429' }),
      line({ type: 'message', role: 'assistant', content: 'Let me read ', delta: true }),
      line({ type: 'message', role: 'assistant', content: 'the file.', delta: true }),
      line({ type: 'tool_use', tool_name: 'read_file', tool_id: 't1', parameters: {} }),
      line({ type: 'tool_result', tool_id: 't1', status: 'success', output: '' }),
      line({ type: 'message', role: 'assistant', content: '### R1. A', delta: true }),
      line({ type: 'message', role: 'assistant', content: ' point', delta: true }),
      'Warning: not JSON',
      line({ type: 'result', status: 'success', stats: {} }),
    ].join('\n');
    const events = readGeminiEvents(stdout);
    expect(events.answer).toBe('### R1. A point');
    // What a failure is classified from leaves out the prompt it echoed (its words could pass for an error).
    expect(geminiTroubleText(events)).toBe('');
  });

  it("keeps its error events apart from its warnings, and the result's error for the trouble text", () => {
    const stdout = [
      line({ type: 'error', severity: 'warning', message: 'Attempt 1 failed with status 429. Retrying with backoff...' }),
      line({ type: 'error', severity: 'error', message: 'Model stream ended with an empty response.' }),
      line({ type: 'result', status: 'error', error: { type: 'unknown', message: '[API Error: quota]' }, stats: {} }),
    ].join('\n');
    const events = readGeminiEvents(stdout);
    expect(events).toMatchObject({ answer: '', errors: ['Model stream ended with an empty response.'], warnings: ['Attempt 1 failed with status 429. Retrying with backoff...'] });
    expect(geminiTroubleText(events)).toBe('Attempt 1 failed with status 429. Retrying with backoff...\nModel stream ended with an empty response.\n[API Error: quota]');
  });

  it('keeps the text before a tool call when a hook stopped the run there, as -o json does', () => {
    const stdout = [
      line({ type: 'message', role: 'assistant', content: '### R1. A point', delta: true }),
      line({ type: 'tool_use', tool_name: 'read_file', tool_id: 't1', parameters: {} }),
      line({ type: 'tool_result', tool_id: 't1', status: 'error', output: '', error: { type: 'stop_execution', message: 'stopped by a hook' } }),
      line({ type: 'result', status: 'success', stats: {} }),
    ].join('\n');
    expect(readGeminiEvents(stdout).answer).toBe('### R1. A point');
  });
});

describe('geminiError', () => {
  it("unwraps Gemini CLI's `[API Error: ...]`, the advice a 429 puts after it, and the API's JSON body", () => {
    const body = JSON.stringify({ error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED', details: [{ reason: 'x' }] } });
    const message = `[API Error: ${body}]\nPlease wait and try again later. To increase your limits, request a quota increase through AI Studio, or switch to another /auth method`;
    expect(geminiError({ type: 'result', status: 'error', error: { type: 'unknown', message } })).toBe('Resource has been exhausted (e.g. check quota).');
    expect(geminiError({ error: { message: '[API Error: models/gemini-nope is not found for API version v1beta.]' } })).toBe(
      'models/gemini-nope is not found for API version v1beta.',
    );
    expect(geminiError({ error: { message: 'plain words' } })).toBe('plain words');
    expect(geminiError({ status: 'success' })).toBeNull();
  });
});
