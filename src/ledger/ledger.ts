/** The point ledger: every point, round by round, as `buildLedger` reads it from the document. */
import type { Role, Severity } from '../protocol/document.js';
import type { AnswerPosition, HeldPosition } from '../protocol/position.js';
import type { ReproductionVerdict } from '../protocol/reproduction.js';
import { peerOf } from '../protocol/turn-table.js';

/**
 * What the side that did not raise a point said on it in a round (the Responder on the
 * Reviewer's points, the Reviewer on the Responder's); `uncategorized` spoke of it without a
 * label that could be read, `unanswered` did not mention it.
 */
export type AnswererPosition = AnswerPosition | 'uncategorized' | 'unanswered';

/**
 * What the side that raised a point said on it: raised it (in its own round), or stated a
 * position later; `uncategorized` wrote about it without one that could be read, `unanswered`
 * did not mention it.
 */
export type RaiserPosition = 'raised' | HeldPosition | 'uncategorized' | 'unanswered';

export type PointStatus = 'open' | 'resolved' | 'withdrawn';

export interface SideTurn<P> {
  position: P;
  /** The section's heading as written, e.g. `Response 2`. */
  section: string;
  /** That side's Markdown on this point in this section ('' when it did not mention it). */
  text: string;
  /**
   * For an Agreed or Partially agreed answer: whether it brought evidence of its own (a place it
   * cites, or a reproduction code-debate ran and that reproduced) with reasoning that does not
   * repeat the other side's; absent for any other position.
   */
  ownEvidence?: boolean;
}

/** code-debate's result of running a reproduction on a point, and the section that carried it. */
export interface LedgerReproduction {
  verdict: ReproductionVerdict;
  why: string;
  section: string;
  round: number;
  /** Who wrote the reproduction: the side that raised the point, or the side answering it. */
  by: Role;
}

/**
 * Round N is the reviewer's Nth section (the Review, then Follow-up N-1) plus `Response N`. For
 * the Reviewer's points the raiser speaks in the follow-ups and the answerer in the responses;
 * for the Responder's, the other way round.
 */
export interface PointRound {
  round: number;
  /** null when the raiser has said nothing on it in this round (yet). */
  raiser: SideTurn<RaiserPosition> | null;
  /** null when the answerer's section of this round is not written yet, or the point was already closed. */
  answerer: SideTurn<AnswererPosition> | null;
  /** The point's status at the end of what is written of this round. */
  status: PointStatus;
}

export interface SeverityChange {
  round: number;
  section: string;
  from: Severity | null;
  to: Severity;
}

export type EvidenceCheck = 'ok' | 'failed' | 'unchecked';

export interface LedgerEvidence {
  path: string;
  line: number;
  /** The last line of a cited range; `line` for one line. */
  endLine: number;
  check: EvidenceCheck;
  /** Why the check failed, as `checkCitations` says it. */
  problem: string | null;
}

export interface LedgerPoint {
  id: string;
  /** Who raised it: the Reviewer (R ids) or the Responder (F ids). */
  owner: Role;
  title: string;
  /** The severity now: the one raised with, after any change the reviewer wrote. */
  severity: Severity | null;
  severityChanges: SeverityChange[];
  raisedIn: number;
  /** The heading of the section that raised it: `Review` or a follow-up. */
  raisedBy: string;
  evidence: LedgerEvidence[];
  rounds: PointRound[];
  status: PointStatus;
  /** The reviewer's own words when it withdrew the point, null otherwise. */
  withdrawnReason: string | null;
  /** The last reproduction of the point that code-debate ran, null when none ran. */
  reproduction: LedgerReproduction | null;
}

export interface Ledger {
  title: string | null;
  /** Rounds begun in the document: 0 before the Review. */
  rounds: number;
  /** Rounds whose `## Response N` is written. */
  responses: number;
  /** Whether the document ends with `## CONSENSUS`. */
  ended: boolean;
  /** The CONSENSUS body, null while the debate runs. */
  consensus: string | null;
  points: LedgerPoint[];
}

/** A point's two sides: the one that raised it and the one that answers it. */
export type PointSide = 'raiser' | 'answerer';

/** Which role speaks as `side` on `point`. */
export function roleOn(point: Pick<LedgerPoint, 'owner'>, side: PointSide): Role {
  if (side === 'raiser') return point.owner;
  return peerOf(point.owner);
}
