import { addUsage, type TurnUsage } from '../protocol/usage.js';
import type { SideContext } from './side-context.js';
import { addUnwrittenUsage, clearUnwrittenUsage, readUnwrittenUsage } from './unwritten-usage.js';

// What a turn spent: what its section carries, what an answer never written leaves for the next
// one (see unwritten-usage.ts), and the warning of a budget the agent's reports cannot keep.

/** Keeps what an answer that is not written spent (a failed turn, a discarded one, a lost narrative), for the next section to carry. */
export async function keepUnwritten(context: Pick<SideContext, 'paths' | 'role'>, spent: TurnUsage | null): Promise<void> {
  if (spent === null) return;
  await addUnwrittenUsage(context.paths, context.role, spent).catch(() => undefined);
}

/** The usage a section carries: its turn's and what this side's failed turns spent before it (`carried`), so every count of the debate sees it. */
export async function sectionUsage(context: Pick<SideContext, 'paths' | 'role'>, turnUsage: TurnUsage | null): Promise<{ usage: TurnUsage | null; carried: boolean }> {
  const unwritten = await readUnwrittenUsage(context.paths, context.role);
  if (unwritten === null) return { usage: turnUsage, carried: false };
  return { usage: addUsage([unwritten, ...(turnUsage === null ? [] : [turnUsage])]), carried: true };
}

/** Forgets what failed turns spent, once a written section carries it. */
export async function clearCarried(context: Pick<SideContext, 'paths' | 'role'>): Promise<void> {
  await clearUnwrittenUsage(context.paths, context.role).catch(() => undefined);
}

/** A budget on a count the agent does not report cannot be kept: say so once, rather than let it pass silently. */
export function warnUnkeptBudget(context: SideContext, usage: TurnUsage | null): void {
  if (context.memory.budgetWarned) return;
  const tokens = context.budget.maxTokens !== null && (usage?.inputTokens === null || usage?.inputTokens === undefined || usage.outputTokens === null);
  const cost = context.budget.maxCostUsd !== null && (usage?.costUsd === null || usage?.costUsd === undefined);
  if (!tokens && !cost) return;
  context.memory.budgetWarned = true;
  const what = [tokens ? 'tokens (--max-tokens)' : null, cost ? 'cost (--max-cost)' : null].filter((part) => part !== null).join(' or its ');
  context.emit({ type: 'warning', role: context.role, message: `\`${context.agent.name}\` reported no ${what} for this turn: the budget counts only what agents report.` });
}
