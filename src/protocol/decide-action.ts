import type { DebateDocument, Role } from './document.js';
import { budgetReached, type Budget } from './budget.js';
import { trackPoints, type PointState } from './track-points.js';
import { firstSection, roundOf, roundsCompleted, turnOf, writerOf, type FollowingKind } from './turn-table.js';

/** Why a CONSENSUS is written. */
export type ConsensusReason = 'resolved' | 'stalled' | 'max-rounds' | 'past-max' | 'budget-reached' | 'peer-timeout';

/**
 * A section to write: its kind, `number` (its heading's: `Reviewer Follow-up 2` is 2; 0 for the
 * Review and the CONSENSUS) and `round` (the turn table's roundOf: `Reviewer Follow-up 2` opens
 * round 3; for the CONSENSUS, the rounds it closes).
 */
export type Action =
  | { type: 'write'; turn: FollowingKind; number: number; round: number }
  | { type: 'write'; turn: 'consensus'; number: 0; round: number; reason: ConsensusReason }
  | { type: 'wait'; for: Role }
  | { type: 'stop' };

export type WriteAction = Extract<Action, { type: 'write' }>;

export interface DecideOptions {
  maxRounds: number;
  /**
   * Whether round `round`, the document's last, brought no new reasoning on any open point (the
   * ledger's engagement test, src/ledger/engagement-of.ts): a stalled round ends the debate early.
   * Without it no round stalls.
   */
  stalled?: (document: DebateDocument, round: number) => boolean;
  /** What the debate may spend: once the sections report it spent, the Reviewer's next turn is the CONSENSUS (docs/configuration.md, "Budgets"). */
  budget?: Budget;
  /** The points' states after the document's last section: a reader's (see DebateReader.points), else trackPoints walks them. */
  points?: (document: DebateDocument) => readonly PointState[];
}

/**
 * What `role` does next, from the document alone (docs/protocol.md, "Sections and whose turn it is").
 * A restarted process calls this on the file and continues where the debate stands. A round in
 * which neither side brought new reasoning on any open point ends the debate early (it stalled), and
 * so does a spend, as the sections report it, that reached the budget.
 */
export function decideAction(document: DebateDocument, role: Role, options: DecideOptions): Action {
  const last = document.sections.at(-1);
  if (last === undefined) {
    const opener = writerOf(firstSection.kind);
    return role === opener ? { type: 'write', turn: firstSection.kind, number: firstSection.number, round: roundOf(firstSection) } : { type: 'wait', for: opener };
  }
  const next = turnOf(last.kind).next(last.number);
  if (next === null) return { type: 'stop' };
  const writer = writerOf(next.kind);
  if (writer === null) throw new Error(`Invariant broken: the turn table names no writer of the ${next.kind} after the ${last.kind}.`);
  if (role !== writer) return { type: 'wait', for: writer };
  if (!turnOf(last.kind).closesRound) {
    return roundOf(next) > options.maxRounds ? consensus(roundOf(next) - 1, 'past-max') : { type: 'write', turn: next.kind, number: next.number, round: roundOf(next) };
  }
  // The writer of what follows a round's last section writes whatever ends the round: that section or the CONSENSUS.
  const round = roundOf(last);
  if ((options.points ?? trackPoints)(document).every((state) => state.resolved)) {
    return consensus(round, 'resolved');
  }
  if (round >= options.maxRounds) {
    return consensus(round, round > options.maxRounds ? 'past-max' : 'max-rounds');
  }
  if (options.budget && budgetReached(document, options.budget)) return consensus(round, 'budget-reached');
  if (options.stalled?.(document, round)) return consensus(round, 'stalled');
  return { type: 'write', turn: next.kind, number: next.number, round: roundOf(next) };
}

/** The CONSENSUS a side writes when the peer let its turn time out. */
export function decideTimeoutAction(document: DebateDocument): WriteAction {
  return consensus(roundsCompleted(document.sections), 'peer-timeout');
}

/** The CONSENSUS that closes `round` rounds, for `reason`. */
function consensus(round: number, reason: ConsensusReason): WriteAction {
  return { type: 'write', turn: 'consensus', number: 0, round, reason };
}

/**
 * The number an agent is told as its round (CODE_DEBATE_ROUND, its prompt, its failure messages):
 * a numbered section's own (`Reviewer Follow-up 2` is 2, as its heading says), else the round
 * (1 for the Review; the rounds a CONSENSUS closes).
 */
export function agentRound(action: WriteAction): number {
  return action.number === 0 ? action.round : action.number;
}
