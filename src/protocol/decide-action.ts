import type { Role, TurnKind } from './document.js';
import { engagementOf, roundStalled } from '../ledger/engagement-of.js';
import { buildLedger } from '../ledger/build-ledger.js';
import type { DebateDocument } from './document.js';

/** Why a CONSENSUS is written. */
export type ConsensusReason = 'resolved' | 'stalled' | 'max-rounds' | 'past-max' | 'peer-timeout';

export type Action =
  | { type: 'write'; turn: Exclude<TurnKind, 'consensus'>; round: number }
  | { type: 'write'; turn: 'consensus'; round: number; reason: ConsensusReason }
  | { type: 'wait'; for: Role }
  | { type: 'stop' };

export type WriteAction = Extract<Action, { type: 'write' }>;

export interface DecideOptions {
  maxRounds: number;
}

/**
 * What `role` does next, from the document alone (PROTOCOL.md, "Sections and whose turn it is").
 * A restarted process calls this on the file and continues where the debate stands. A round in
 * which neither side brought new reasoning on any open point ends the debate early (seed 004).
 */
export function decideAction(document: DebateDocument, role: Role, options: DecideOptions): Action {
  const last = document.sections.at(-1);
  if (last === undefined) {
    return role === 'reviewer' ? { type: 'write', turn: 'review', round: 1 } : { type: 'wait', for: 'reviewer' };
  }
  switch (last.kind) {
    case 'consensus':
      return { type: 'stop' };
    case 'review':
    case 'follow-up': {
      if (role === 'reviewer') return { type: 'wait', for: 'responder' };
      const round = last.kind === 'review' ? 1 : last.number + 1;
      return round > options.maxRounds
        ? { type: 'write', turn: 'consensus', round: round - 1, reason: 'past-max' }
        : { type: 'write', turn: 'response', round };
    }
    case 'response': {
      if (role === 'responder') return { type: 'wait', for: 'reviewer' };
      if (allResolved(document)) {
        return { type: 'write', turn: 'consensus', round: last.number, reason: 'resolved' };
      }
      if (last.number >= options.maxRounds) {
        return { type: 'write', turn: 'consensus', round: last.number, reason: last.number > options.maxRounds ? 'past-max' : 'max-rounds' };
      }
      if (lastRoundStalled(document, last.number)) return { type: 'write', turn: 'consensus', round: last.number, reason: 'stalled' };
      return { type: 'write', turn: 'follow-up', round: last.number };
    }
  }
}

// The session decides on the same document several times a turn (see parseDocument): each is judged once.
const resolvedBy = new WeakMap<DebateDocument, boolean>();
const stalledBy = new WeakMap<DebateDocument, boolean>();

function allResolved(document: DebateDocument): boolean {
  let resolved = resolvedBy.get(document);
  if (resolved === undefined) {
    // From the ledger, which the stalled-round test reads next: the document's points are walked once.
    resolved = buildLedger(document).points.every((point) => point.status !== 'open');
    resolvedBy.set(document, resolved);
  }
  return resolved;
}

/** Whether round `round`, the document's last, brought no new reasoning: only that round is judged. */
function lastRoundStalled(document: DebateDocument, round: number): boolean {
  let stalled = stalledBy.get(document);
  if (stalled === undefined) {
    stalled = roundStalled(engagementOf(document, round), round);
    stalledBy.set(document, stalled);
  }
  return stalled;
}

/** The CONSENSUS a side writes when the peer let its turn time out. */
export function decideTimeoutAction(document: DebateDocument): WriteAction {
  const round = document.sections.filter((section) => section.kind === 'response').length;
  return { type: 'write', turn: 'consensus', round, reason: 'peer-timeout' };
}
