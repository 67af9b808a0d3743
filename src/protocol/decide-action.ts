import type { DebateDocument, Role, SectionKind } from './document.js';
import { budgetReached, type Budget } from './budget.js';
import { trackPoints, type PointState } from './track-points.js';
import { firstSection, roundOf, roundsCompleted, turnOf, writerOf } from './turn-table.js';

/** Why a CONSENSUS is written. */
export type ConsensusReason = 'resolved' | 'stalled' | 'max-rounds' | 'past-max' | 'budget-reached' | 'peer-timeout';

export type Action =
  | { type: 'write'; turn: Exclude<SectionKind, 'consensus'>; round: number }
  | { type: 'write'; turn: 'consensus'; round: number; reason: ConsensusReason }
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
    return role === opener ? { type: 'write', turn: firstSection.kind, round: roundOf(firstSection) } : { type: 'wait', for: opener };
  }
  const next = turnOf(last.kind).next(last.number);
  if (next === null) return { type: 'stop' };
  const writer = writerOf(next.kind);
  if (writer === null) throw new Error(`Invariant broken: the turn table names no writer of the ${next.kind} after the ${last.kind}.`);
  if (role !== writer) return { type: 'wait', for: writer };
  if (!turnOf(last.kind).closesRound) {
    return roundOf(next) > options.maxRounds
      ? { type: 'write', turn: 'consensus', round: roundOf(next) - 1, reason: 'past-max' }
      : { type: 'write', turn: next.kind, round: next.number };
  }
  // The writer of what follows a round's last section writes whatever ends the round: that section or the CONSENSUS.
  const round = roundOf(last);
  if ((options.points ?? trackPoints)(document).every((state) => state.resolved)) {
    return { type: 'write', turn: 'consensus', round, reason: 'resolved' };
  }
  if (round >= options.maxRounds) {
    return { type: 'write', turn: 'consensus', round, reason: round > options.maxRounds ? 'past-max' : 'max-rounds' };
  }
  if (options.budget && budgetReached(document, options.budget)) return { type: 'write', turn: 'consensus', round, reason: 'budget-reached' };
  if (options.stalled?.(document, round)) return { type: 'write', turn: 'consensus', round, reason: 'stalled' };
  return { type: 'write', turn: next.kind, round: next.number };
}

/** The CONSENSUS a side writes when the peer let its turn time out. */
export function decideTimeoutAction(document: DebateDocument): WriteAction {
  return { type: 'write', turn: 'consensus', round: roundsCompleted(document.sections), reason: 'peer-timeout' };
}
