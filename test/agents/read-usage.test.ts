import { describe, expect, it } from 'vitest';
import { readChatUsage, readClaudeUsage, readCmdUsage, readGeminiUsage } from '../../src/agents/read-usage.js';

// The shapes each agent reports, as their documentation and output give them.
describe('reading what an agent reports it cost', () => {
  it("reads Claude Code's JSON result: input with the cache's reads and writes, the cache's reads, output, total_cost_usd", () => {
    const result = {
      type: 'result',
      subtype: 'success',
      total_cost_usd: 0.0123,
      usage: { input_tokens: 10, cache_creation_input_tokens: 2_000, cache_read_input_tokens: 8_000, output_tokens: 450 },
    };
    expect(readClaudeUsage(result)).toEqual({ inputTokens: 10_010, outputTokens: 450, cachedInputTokens: 8_000, costUsd: 0.0123 });
    expect(readClaudeUsage({ type: 'result' })).toBeNull();
  });

  it("reads Gemini CLI's stats over every model it used: prompt, cached, candidates and thoughts as output; no cost", () => {
    const stats = {
      models: {
        'gemini-2.5-pro': { tokens: { prompt: 9_000, candidates: 700, total: 10_100, cached: 3_000, thoughts: 400, tool: 0 } },
        'gemini-2.5-flash': { tokens: { prompt: 500, candidates: 50, total: 550, cached: 0, thoughts: 0, tool: 0 } },
      },
    };
    expect(readGeminiUsage({ response: 'x', stats })).toEqual({ inputTokens: 9_500, outputTokens: 1_150, cachedInputTokens: 3_000, costUsd: null });
    expect(readGeminiUsage({ response: 'x', stats: { models: {} } })).toBeNull();
  });

  it("reads an OpenAI-compatible completion's usage (OpenAI, Ollama)", () => {
    expect(readChatUsage({ prompt_tokens: 1_200, completion_tokens: 300, total_tokens: 1_500, prompt_tokens_details: { cached_tokens: 1_024 } })).toEqual({
      inputTokens: 1_200,
      outputTokens: 300,
      cachedInputTokens: 1_024,
      costUsd: null,
    });
    expect(readChatUsage({ prompt_tokens: 26, completion_tokens: 298, total_tokens: 324 })).toEqual({ inputTokens: 26, outputTokens: 298, cachedInputTokens: null, costUsd: null });
    expect(readChatUsage(undefined)).toBeNull();
  });

  it("reads a cmd: agent's last code-debate-usage line on stderr, and ignores one that is not JSON", () => {
    const stderr = 'thinking...\ncode-debate-usage: {"inputTokens":1}\ncode-debate-usage: {"inputTokens":1200,"outputTokens":300,"costUsd":0.004}\n';
    expect(readCmdUsage(stderr)).toEqual({ inputTokens: 1_200, outputTokens: 300, cachedInputTokens: null, costUsd: 0.004 });
    expect(readCmdUsage('code-debate-usage: lots\n')).toBeNull();
    expect(readCmdUsage('')).toBeNull();
  });
});
