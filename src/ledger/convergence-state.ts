/**
 * Convergence after each round, from the ledger: four states of a debate's agreement, for two sides
 * debating several points. With n points raised by the end of the round, s of them settled
 * (resolved or withdrawn) and p partially agreed, the agreement share is a = (s + p/2) / n:
 *
 * - CONSENSUS: every point settled (no point open).
 * - CONVERGING: a >= 0.5, most of the debate is agreed or half-agreed.
 * - NARROWING: 0 < a < 0.5, or a side changed position in this round (common ground appearing).
 * - DIVERGENT: nothing agreed or partially agreed, and nobody moved this round.
 *
 * A round with no point at all (a review that raised none) is CONSENSUS: nothing is in dispute.
 */
import type { Ledger } from './ledger.js';
import { standingAfter, standingsByRound, type RoundStanding } from './point-standing.js';
import { positionChanges } from './position-changes.js';

export const convergenceStates = ['DIVERGENT', 'NARROWING', 'CONVERGING', 'CONSENSUS'] as const;
export type ConvergenceState = (typeof convergenceStates)[number];

export function convergenceState(ledger: Ledger, round: number): ConvergenceState {
  const standings = ledger.points.map((point) => standingAfter(point, round));
  return stateOf(
    standings,
    positionChanges(ledger).some((change) => change.round === round),
  );
}

function stateOf(all: ReadonlyArray<RoundStanding | null>, moved: boolean): ConvergenceState {
  const standings = all.filter((standing) => standing !== null);
  const settled = standings.filter((standing) => standing === 'settled').length;
  const partial = standings.filter((standing) => standing === 'partial').length;
  if (settled === standings.length) return 'CONSENSUS';
  const share = (settled + partial / 2) / standings.length;
  if (share >= 0.5) return 'CONVERGING';
  return share > 0 || moved ? 'NARROWING' : 'DIVERGENT';
}

/**
 * The state after each round that has one, round 1 first: a round whose Response is written, and
 * once the debate ended, the round it ended in. A round still waiting for its Response has no
 * state yet: `show` and `status` say the same in the middle of round 1 (nothing). Each point's
 * rounds, and the changes of position, are read once for all rounds.
 */
export function convergenceSequence(ledger: Ledger): Array<{ round: number; state: ConvergenceState }> {
  const rounds = ledger.ended ? ledger.rounds : ledger.responses;
  const moved = new Set(positionChanges(ledger).map((change) => change.round));
  const standings = ledger.points.map((point) => standingsByRound(point, rounds));
  return Array.from({ length: rounds }, (_, index) => ({
    round: index + 1,
    state: stateOf(
      standings.map((byRound) => byRound[index] ?? null),
      moved.has(index + 1),
    ),
  }));
}
