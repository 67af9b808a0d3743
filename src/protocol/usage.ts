/**
 * What one section cost, as its agent reported it: never estimated. A count the agent did not
 * report is null (a CLI that gives tokens but no price has a null cost), and a section whose agent
 * reported nothing has no usage at all.
 */
export interface TurnUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  /** Input tokens read from the provider's prompt cache: part of inputTokens, billed lower. */
  cachedInputTokens: number | null;
  costUsd: number | null;
}

export const usageKeys = ['inputTokens', 'outputTokens', 'cachedInputTokens', 'costUsd'] as const;

/** `<!-- code-debate usage {...} -->`: the line before a section's signature that carries its usage, in the file, for every reader. */
const usageLine = /^<!--\s*code-debate usage\s+(\{.*\})\s*-->$/;

/** The line for `usage`; `{}` when the agent reported nothing (see splitBody: the line is always ours, never the agent's). */
export function renderUsageLine(usage: TurnUsage | null): string {
  return `<!-- code-debate usage ${usage === null ? '{}' : JSON.stringify(usage)} -->`;
}

/** Whether `line` has the usage line's shape, whatever it holds. */
export function isUsageLine(line: string): boolean {
  return usageLine.test(line.trim());
}

/** The usage a line holds, or null when it is not a usage line (or holds no count at all). */
export function readUsageLine(line: string): TurnUsage | null {
  const match = usageLine.exec(line.trim());
  if (!match?.[1]) return null;
  let value: unknown;
  try {
    value = JSON.parse(match[1]);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const count = (key: string) => (typeof record[key] === 'number' && Number.isFinite(record[key]) && (record[key] as number) >= 0 ? (record[key] as number) : null);
  const usage: TurnUsage = { inputTokens: count('inputTokens'), outputTokens: count('outputTokens'), cachedInputTokens: count('cachedInputTokens'), costUsd: count('costUsd') };
  return usageKeys.some((key) => usage[key] !== null) ? usage : null;
}

/** The sum of several reports (a turn's re-asks and retries, a debate's sections): a count any report lacks is unknown in the sum, unless none has it. */
export function addUsage(reports: readonly TurnUsage[]): TurnUsage | null {
  if (reports.length === 0) return null;
  const sum = (key: (typeof usageKeys)[number]) => (reports.every((report) => report[key] !== null) ? reports.reduce((total, report) => total + (report[key] ?? 0), 0) : null);
  return { inputTokens: sum('inputTokens'), outputTokens: sum('outputTokens'), cachedInputTokens: sum('cachedInputTokens'), costUsd: round(sum('costUsd')) };
}

/** `12,300 in (4,000 cached) / 800 out tokens, $0.0420`, or what was not reported. */
export function describeUsage(usage: TurnUsage | null): string {
  if (usage === null) return 'usage not reported';
  const count = (value: number | null) => (value === null ? '?' : value.toLocaleString('en-US'));
  const cached = usage.cachedInputTokens ? ` (${count(usage.cachedInputTokens)} cached)` : '';
  const cost = usage.costUsd === null ? 'cost not reported' : `$${usage.costUsd.toFixed(4)}`;
  return `${count(usage.inputTokens)} in${cached} / ${count(usage.outputTokens)} out tokens, ${cost}`;
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1e6) / 1e6;
}
