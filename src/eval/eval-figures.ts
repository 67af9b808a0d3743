import type { TurnUsage } from '../protocol/usage.js';
import type { ViewScore } from './score-case.js';

// The figures as the table and the page both write them.

/** `75% (3/4)`; `-` when there is nothing to divide by. */
export function ratio(part: number, whole: number): string {
  return whole === 0 ? `- (0/0)` : `${Math.round((100 * part) / whole)}% (${part}/${whole})`;
}

/** A case's set of points in one cell: the bugs found of those expected, then the false findings (`1/2 +1`). */
export function scoreCell(score: ViewScore): string {
  const falseFindings = score.points - score.correct;
  return `${score.found}/${score.expected} +${falseFindings}`;
}

/** Input and output tokens together, or `-` when the agents reported none. */
export function formatTokens(usage: TurnUsage): string {
  if (usage.inputTokens === null && usage.outputTokens === null) return '-';
  const total = (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
  return `${total.toLocaleString('en-US')}${usage.inputTokens === null || usage.outputTokens === null ? '?' : ''}`;
}

export function formatCost(usage: TurnUsage): string {
  return usage.costUsd === null ? '-' : `$${usage.costUsd.toFixed(4)}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
