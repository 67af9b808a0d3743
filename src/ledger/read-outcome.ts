import type { Ledger } from './ledger.js';

/** How a debate stands or ended: what the ledger reads of its CONSENSUS, and what a side's session ends with. */
export const outcomes = ['running', 'consensus', 'limit-reached', 'budget-reached', 'stalled', 'peer-timeout', 'stopped', 'disputed'] as const;
export type Outcome = (typeof outcomes)[number];

/** The outcomes a side's session ends with: every point settled, some still disputed, or the peer let its turn time out. */
export type SessionEnd = Extract<Outcome, 'consensus' | 'disputed' | 'peer-timeout'>;

const outcomeLine = /\boutcome\W{0,6}(consensus|limit reached|budget reached|stalled|peer timed out|stopped)\b/i;
const named: Record<string, Outcome> = {
  consensus: 'consensus',
  'limit reached': 'limit-reached',
  'budget reached': 'budget-reached',
  stalled: 'stalled',
  'peer timed out': 'peer-timeout',
  stopped: 'stopped',
};

/**
 * How the debate ended: `running` without a CONSENSUS; else the outcome line the CONSENSUS
 * states (`Outcome: limit reached`); else `consensus` when no point is open, `peer-timeout`
 * when it says it timed out, and `disputed` (points open, reason not stated) otherwise.
 */
export function readOutcome(ledger: Ledger): Outcome {
  if (ledger.consensus === null) return 'running';
  const stated = outcomeLine.exec(ledger.consensus)?.[1]?.toLowerCase();
  if (stated !== undefined) return named[stated] ?? 'disputed';
  if (ledger.points.every((point) => point.status !== 'open')) return 'consensus';
  return /\btimed out\b/i.test(ledger.consensus) ? 'peer-timeout' : 'disputed';
}
