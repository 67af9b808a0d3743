import type { TurnUsage } from '../protocol/usage.js';

/**
 * Each agent's own report of what a turn cost, read into a TurnUsage; null when it reported
 * nothing this reader knows. Never estimated: a count the agent did not give stays null.
 */

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);
const sum = (values: ReadonlyArray<number | null>): number | null =>
  values.length === 0 || values.some((value) => value === null) ? null : values.reduce<number>((total, value) => total + (value ?? 0), 0);

function usageOf(usage: TurnUsage): TurnUsage | null {
  return Object.values(usage).some((value) => value !== null) ? usage : null;
}

/**
 * Claude Code's result (the last event of `--output-format stream-json`): `usage` in the Anthropic API's terms, where
 * `input_tokens` leaves out the prompt cache's reads and writes, and `total_cost_usd`.
 */
export function readClaudeUsage(json: Record<string, unknown> | null): TurnUsage | null {
  const usage = (json?.usage ?? null) as Record<string, unknown> | null;
  const input = count(usage?.input_tokens);
  const read = count(usage?.cache_read_input_tokens) ?? 0;
  const written = count(usage?.cache_creation_input_tokens) ?? 0;
  return usageOf({
    inputTokens: input === null ? null : input + read + written,
    outputTokens: count(usage?.output_tokens),
    cachedInputTokens: usage === null ? null : read,
    costUsd: count(json?.total_cost_usd),
  });
}

/**
 * Gemini CLI's `-o stream-json` result `stats.models.<model>`: `input_tokens` (the prompt, cache
 * included), `cached`, `output_tokens` and `total_tokens`. Its `output_tokens` are the answer's
 * only (the API's candidates): the thinking tokens, billed as output too, have no field of their
 * own there, but the total holds them (the API's total is prompt, candidates, thoughts and a
 * tool-use prompt's tokens), so a model's output is read as its total less its prompt. The
 * stats do not part a tool-use prompt (what a web search brought in) from the rest: when the
 * model searched, those tokens are counted as output, and the turn's total stays right.
 */
export function readGeminiUsage(stats: Record<string, unknown> | null): TurnUsage | null {
  const models = stats?.models;
  if (typeof models !== 'object' || models === null) return null;
  const tokens = Object.values(models as Record<string, unknown>).map((model) => (model ?? {}) as Record<string, unknown>);
  if (tokens.length === 0) return null;
  const output = (entry: Record<string, unknown>): number | null => {
    const [answer, total, prompt] = [count(entry.output_tokens), count(entry.total_tokens), count(entry.input_tokens)];
    return answer === null || total === null || prompt === null ? answer : Math.max(answer, total - prompt);
  };
  return usageOf({
    inputTokens: sum(tokens.map((entry) => count(entry.input_tokens))),
    outputTokens: sum(tokens.map(output)),
    cachedInputTokens: sum(tokens.map((entry) => count(entry.cached) ?? 0)),
    costUsd: null,
  });
}

/** An OpenAI-compatible completion's `usage` (OpenAI, Ollama, vLLM, LM Studio): no cost. */
export function readChatUsage(usage: unknown): TurnUsage | null {
  if (typeof usage !== 'object' || usage === null) return null;
  const record = usage as Record<string, unknown>;
  const details = (record.prompt_tokens_details ?? null) as Record<string, unknown> | null;
  return usageOf({ inputTokens: count(record.prompt_tokens), outputTokens: count(record.completion_tokens), cachedInputTokens: count(details?.cached_tokens), costUsd: null });
}

/**
 * A `cmd:` agent's report: a line on stderr `code-debate-usage: {"inputTokens":1200,"outputTokens":300,
 * "cachedInputTokens":0,"costUsd":0.004}` (any of the four; the last such line counts).
 */
export function readCmdUsage(stderr: string): TurnUsage | null {
  const line = stderr
    .split('\n')
    .map((entry) => entry.trim())
    .findLast((entry) => entry.startsWith('code-debate-usage:'));
  if (line === undefined) return null;
  try {
    const value = JSON.parse(line.slice('code-debate-usage:'.length)) as Record<string, unknown>;
    return usageOf({
      inputTokens: count(value.inputTokens),
      outputTokens: count(value.outputTokens),
      cachedInputTokens: count(value.cachedInputTokens),
      costUsd: count(value.costUsd),
    });
  } catch {
    return null;
  }
}
