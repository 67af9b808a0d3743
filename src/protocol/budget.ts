import type { DebateDocument } from './document.js';

/** What a whole debate may spend, both sides counted (`--max-tokens`, `--max-cost`); null for no limit. */
export interface Budget {
  maxTokens: number | null;
  maxCostUsd: number | null;
}

export const noBudget: Budget = { maxTokens: null, maxCostUsd: null };

/** What the sections of the file report they spent: tokens in and out, and dollars, over every count a section gave. */
export function spentOf(document: DebateDocument): { tokens: number; costUsd: number } {
  let tokens = 0;
  let costUsd = 0;
  for (const { usage } of document.sections) {
    tokens += (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0);
    costUsd += usage?.costUsd ?? 0;
  }
  return { tokens, costUsd: Math.round(costUsd * 1e6) / 1e6 };
}

/** The limit the spend has reached, or null while it is within the budget. */
export function budgetReached(document: DebateDocument, budget: Budget): { limit: 'tokens' | 'cost'; tokens: number; costUsd: number } | null {
  const spent = spentOf(document);
  if (budget.maxTokens !== null && spent.tokens >= budget.maxTokens) return { limit: 'tokens', ...spent };
  if (budget.maxCostUsd !== null && spent.costUsd >= budget.maxCostUsd) return { limit: 'cost', ...spent };
  return null;
}
