/** The point ledger: every point, round by round, as `buildLedger` reads it from the document. */
import type { Category, Severity } from '../protocol/document.js';

/** What the responder said on a point in a round; `uncategorized` answered without a label, `unanswered` did not mention it. */
export type ResponderPosition = Category | 'uncategorized' | 'unanswered';

/**
 * What the reviewer said on a point: raised it (in its own round), or replied in a follow-up;
 * `uncategorized` wrote about it without maintaining, withdrawing or accepting, `unanswered` did
 * not mention it.
 */
export type ReviewerPosition = 'raised' | 'maintained' | 'withdrawn' | 'accepted' | 'conceded-part' | 'uncategorized' | 'unanswered';

export type PointStatus = 'open' | 'resolved' | 'withdrawn';

export interface SideTurn<P> {
  position: P;
  /** The section's heading as written, e.g. `Response 2`. */
  section: string;
  /** That side's Markdown on this point in this section ('' when it did not mention it). */
  text: string;
}

/** Round N is the reviewer's Nth section (the Review, then Follow-up N-1) plus `Response N`. */
export interface PointRound {
  round: number;
  /** null when the reviewer's section of this round is not written yet. */
  reviewer: SideTurn<ReviewerPosition> | null;
  /** null when `Response N` is not written yet, or the point was already closed. */
  responder: SideTurn<ResponderPosition> | null;
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
