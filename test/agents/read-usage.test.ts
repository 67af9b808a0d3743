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

  it("reads Gemini CLI's stream stats over every model it used: prompt, cached, and as output all but the prompt (its thinking is in the total only); no cost", () => {
    const stats = {
      total_tokens: 10_650,
      models: {
        'gemini-2.5-pro': { total_tokens: 10_100, input_tokens: 9_000, output_tokens: 700, cached: 3_000, input: 6_000 },
        'gemini-2.5-flash': { total_tokens: 550, input_tokens: 500, output_tokens: 50, cached: 0, input: 500 },
      },
    };
    expect(readGeminiUsage(stats)).toEqual({ inputTokens: 9_500, outputTokens: 1_150, cachedInputTokens: 3_000, costUsd: null });
    // A total that says less than the parts is not believed over them.
    expect(readGeminiUsage({ models: { m: { total_tokens: 10, input_tokens: 900, output_tokens: 60 } } })).toMatchObject({ outputTokens: 60 });
    expect(readGeminiUsage({ models: { m: { input_tokens: 900, output_tokens: 60 } } })).toMatchObject({ inputTokens: 900, outputTokens: 60 });
    expect(readGeminiUsage({ models: {} })).toBeNull();
    expect(readGeminiUsage(null)).toBeNull();
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
