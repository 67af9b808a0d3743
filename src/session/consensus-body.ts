import { roleName } from '../protocol/turn-table.js';
import type { Role, DebateDocument } from '../protocol/document.js';
import type { CitationCheck } from '../git/check-citations.js';
import { buildLedger } from '../ledger/build-ledger.js';
import { ledgerReport } from '../ledger/ledger-report.js';
import { renderConsensus } from '../ledger/render-consensus.js';
import type { ConsensusReason } from '../protocol/decide-action.js';
import { budgetReached, noBudget, spentOf, type Budget } from '../protocol/budget.js';
import { formatFailedCitations } from '../ledger/citation-report.js';
import { formatDuration } from '../format-duration.js';
import { debateUsage, describeDebateUsage } from '../ledger/debate-usage.js';

export interface ConsensusContext {
  reason: ConsensusReason;
  round: number;
  maxRounds: number;
  /** The side that did not take its turn, for a timeout. */
  peer: Role;
  turnTimeoutMs: number;
  /** The budget, for a debate that reached it. */
  budget?: Budget;
  document: DebateDocument;
  /** The evidence check of every citation in the debate (see `checkCitations`). */
  checks: readonly CitationCheck[];
}

/** The CONSENSUS body: the outcome, the agent's narrative (null when there is none), and the ledger. */
export function consensusBody(context: ConsensusContext, narrative: string | null): string {
  const ledger = buildLedger(context.document, context.checks);
  const report = ledgerReport(ledger, context.checks);
  const open = report.counts.open;
  const spend = describeDebateUsage(debateUsage(context.document), context.document);
  return renderConsensus(ledger, report, { outcome: outcomeLine(context, open), narrative, failedCitations: formatFailedCitations(context.checks), spend });
}

export function outcomeLine(context: Pick<ConsensusContext, 'reason' | 'round' | 'maxRounds' | 'peer' | 'turnTimeoutMs' | 'budget' | 'document'>, open: number): string {
  const disputed = `${open} point${open === 1 ? '' : 's'} still disputed`;
  const rounds = `${context.round} round${context.round === 1 ? '' : 's'}`;
  switch (context.reason) {
    case 'resolved':
      return `**Outcome:** consensus: every point is resolved after ${rounds}.`;
    case 'stalled':
      return `**Outcome:** stalled: round ${context.round} brought no new reasoning on any open point, so the debate stopped early with ${disputed}.`;
    case 'max-rounds':
      return `**Outcome:** limit reached: ${rounds}, the maximum, ended with ${disputed}.`;
    case 'past-max':
      return `**Outcome:** limit reached: the debate went past the maximum of ${context.maxRounds} rounds, with ${disputed}.`;
    case 'budget-reached':
      return `**Outcome:** budget reached: ${describeBudget(context.document, context.budget ?? noBudget)}, after ${rounds}, with ${disputed}.`;
    case 'peer-timeout': {
      const peer = roleName(context.peer);
      return `**Outcome:** peer timed out: the ${peer} did not take its turn within ${formatDuration(context.turnTimeoutMs)} (--turn-timeout), with ${disputed}.`;
    }
  }
}

/** `the debate spent 52,000 tokens, its budget (--max-tokens 50,000)`: what was spent against the limit it reached. */
function describeBudget(document: DebateDocument, budget: Budget): string {
  // The limit reached; a CONSENSUS read again later names the one that is set.
  const limit = budgetReached(document, budget)?.limit ?? (budget.maxTokens === null && budget.maxCostUsd !== null ? 'cost' : 'tokens');
  const spent = spentOf(document);
  const tokens = `${spent.tokens.toLocaleString('en-US')} tokens`;
  const cost = `$${spent.costUsd.toFixed(4)}`;
  if (limit === 'cost') return `the debate spent ${cost} (${tokens}), its budget of $${(budget.maxCostUsd ?? 0).toFixed(4)} (--max-cost)`;
  return `the debate spent ${tokens} (${cost}), its budget of ${(budget.maxTokens ?? 0).toLocaleString('en-US')} tokens (--max-tokens)`;
}
