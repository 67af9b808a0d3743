/**
 * The machine-readable report of a debate (`code-debate show --json`; the pre-push gate and CI
 * read it). JSON-serializable, versioned; a field is only ever added within a version.
 *
 * {
 *   version: 1,
 *   title: string | null,                 // the `# Code Debate: ...` line
 *   outcome: 'running' | 'consensus' | 'limit-reached' | 'budget-reached' | 'stalled' | 'peer-timeout' | 'stopped' | 'disputed',
 *   rounds: number,                       // rounds begun: 0 before the Review
 *   state: ConvergenceState | null,       // after the last round; null before the Review
 *   convergence: [{ round, state }],      // DIVERGENT | NARROWING | CONVERGING | CONSENSUS
 *   stalledRounds: number[],              // rounds with no new reasoning on any open point
 *   counts: { open, resolved, withdrawn,
 *             high, medium, low,                  // confidence, not severity: version 1's names for counts.confidence
 *             confidence: { high, medium, low },  // points by confidence (HIGH, MEDIUM, LOW; a withdrawn point has none)
 *             severity: { critical, high, medium, low, nit } },  // points by their last severity
 *   points: [{ id, title, severity, severityChanges: [{ round, section, from, to }], raisedIn,
 *              raisedBy, status: 'open' | 'resolved' | 'withdrawn', confidence: 'HIGH' | 'MEDIUM' |
 *              'LOW' | 'WITHDRAWN', withdrawnReason, evidence: [{ path, line, check: 'ok' |
 *              'failed' | 'unchecked', problem, endLine }], reviewer, responder,  // last stated positions
 *              rounds: [{ round, reviewer, responder, status }],
 *              agreement: 'confirmed' | 'accepted' | null,  // agreed with evidence of its own, or without
 *              reproduction: { verdict: 'reproduced' | 'not-reproduced' | 'could-not-run', why, section, round, by } | null }],
 *   positionChanges: [{ id, side, round, section, from, to }],
 *   failedCitations: [{ section, path, line, endLine, problem }],
 *   flags: [{ kind: 'false-consensus' | 'unanimous-round-1' | 'uncategorized' | 'stalled' | 'reproduction-contradicted', id, round, message }],
 *   engagement: [{ round, side, id, engagement: 'new' | 'restated' | 'silent', similarity }],
 * }
 */
import type { CitationCheck } from '../git/check-citations.js';
import { convergenceSequence, type ConvergenceState } from './convergence-state.js';
import { engagementOf, stalledRounds as findStalledRounds, type EngagementRecord } from './engagement-of.js';
import { falseConsensusFlags, type LedgerFlag } from './false-consensus.js';
import {
  roleOn,
  type AnswererPosition,
  type Ledger,
  type LedgerPoint,
  type LedgerReproduction,
  type PointStatus,
  type RaiserPosition,
  type SeverityChange,
  type LedgerEvidence,
} from './ledger.js';
import { severities, type Role, type Severity } from '../protocol/document.js';
import { pointConfidence, type Confidence } from './point-confidence.js';
import { positionChanges, type PositionChange } from './position-changes.js';
import { readOutcome, type Outcome } from './read-outcome.js';

/** How many points have each confidence. */
export interface ConfidenceCounts {
  high: number;
  medium: number;
  low: number;
}

/** What either side last stated on a point: a raiser's position or an answerer's. */
export type StatedPosition = RaiserPosition | AnswererPosition;

export interface ReportPoint {
  id: string;
  /** Who raised it: `reviewer` (R ids) or `responder` (F ids). */
  owner: Role;
  title: string;
  severity: string | null;
  severityChanges: SeverityChange[];
  raisedIn: number;
  raisedBy: string;
  status: PointStatus;
  confidence: Confidence;
  withdrawnReason: string | null;
  evidence: LedgerEvidence[];
  /** What the Reviewer and the Responder last stated on it, whichever raised it. */
  reviewer: StatedPosition | null;
  responder: StatedPosition | null;
  /** The answering side's last position: what the gate judges by. */
  answer: AnswererPosition | null;
  rounds: Array<{ round: number; reviewer: StatedPosition | null; responder: StatedPosition | null; status: PointStatus }>;
  /**
   * How a point settled by agreement was agreed: `confirmed` the answer brought evidence of its own
   * (a place it cites, or a reproduction that reproduced) in its own words, `accepted` it did not;
   * null for a point not settled by agreement.
   */
  agreement: Agreement | null;
  /** The last reproduction of the point code-debate ran, null when none ran. */
  reproduction: LedgerReproduction | null;
}

export type Agreement = 'confirmed' | 'accepted';

export interface LedgerReport {
  version: 1;
  title: string | null;
  outcome: Outcome;
  rounds: number;
  state: ConvergenceState | null;
  convergence: Array<{ round: number; state: ConvergenceState }>;
  stalledRounds: number[];
  counts: {
    open: number;
    resolved: number;
    withdrawn: number;
    /** Confidence counts under version 1's first names (read as severity, they misled): the same as `confidence`. */
    high: number;
    medium: number;
    low: number;
    confidence: ConfidenceCounts;
    severity: Record<Severity, number>;
  };
  points: ReportPoint[];
  positionChanges: PositionChange[];
  failedCitations: Array<{ section: string; path: string; line: number; endLine: number; problem: string }>;
  flags: LedgerFlag[];
  engagement: EngagementRecord[];
}

export function ledgerReport(ledger: Ledger, checks: readonly CitationCheck[] = []): LedgerReport {
  const convergence = convergenceSequence(ledger);
  const engagement = engagementOf(ledger);
  const stalled = findStalledRounds(engagement);
  const stalledRounds = convergence.map(({ round }) => round).filter((round) => stalled.has(round));
  const consensusFlags = falseConsensusFlags(ledger);
  const flagged = new Set(consensusFlags.filter((flag) => flag.kind === 'false-consensus').map((flag) => flag.id));
  const points = ledger.points.map((point) => reportPoint(point, flagged.has(point.id)));
  const count = (test: (point: ReportPoint) => boolean) => points.filter(test).length;
  const byConfidence: ConfidenceCounts = {
    high: count((point) => point.confidence === 'HIGH'),
    medium: count((point) => point.confidence === 'MEDIUM'),
    low: count((point) => point.confidence === 'LOW'),
  };
  const flags = [
    ...consensusFlags,
    ...uncategorizedFlags(ledger),
    ...contradictedFlags(ledger),
    ...stalledRounds.map((round): LedgerFlag => ({ kind: 'stalled', id: null, round, message: `Round ${round} brought no new reasoning on any open point.` })),
  ].sort((a, b) => a.round - b.round);
  return {
    version: 1,
    title: ledger.title,
    outcome: readOutcome(ledger),
    rounds: ledger.rounds,
    state: convergence.at(-1)?.state ?? null,
    convergence,
    stalledRounds,
    counts: {
      open: count((point) => point.status === 'open'),
      resolved: count((point) => point.status === 'resolved'),
      withdrawn: count((point) => point.status === 'withdrawn'),
      ...byConfidence,
      confidence: byConfidence,
      severity: Object.fromEntries(severities.map((severity) => [severity, count((point) => point.severity === severity)])) as Record<Severity, number>,
    },
    points,
    positionChanges: positionChanges(ledger),
    failedCitations: checks
      .filter((check) => !check.ok)
      .map(({ section, path, line, endLine, problem }) => ({ section, path, line, endLine, problem: problem ?? 'the check failed' })),
    flags,
    engagement,
  };
}

function reportPoint(point: LedgerPoint, flagged: boolean): ReportPoint {
  const byRole = (entry: LedgerPoint['rounds'][number], role: Role): StatedPosition | null =>
    (roleOn(point, 'raiser') === role ? entry.raiser?.position : entry.answerer?.position) ?? null;
  const rounds = point.rounds.map((entry) => ({
    round: entry.round,
    reviewer: byRole(entry, 'reviewer'),
    responder: byRole(entry, 'responder'),
    status: entry.status,
  }));
  const agreement = agreementOf(point);
  return {
    id: point.id,
    owner: point.owner,
    title: point.title,
    severity: point.severity,
    severityChanges: point.severityChanges,
    raisedIn: point.raisedIn,
    raisedBy: point.raisedBy,
    status: point.status,
    confidence: pointConfidence(point, flagged || agreement === 'accepted'),
    withdrawnReason: point.withdrawnReason,
    evidence: point.evidence,
    reviewer:
      rounds
        .map((entry) => entry.reviewer)
        .filter((position) => position !== null)
        .at(-1) ?? null,
    responder:
      rounds
        .map((entry) => entry.responder)
        .filter((position) => position !== null)
        .at(-1) ?? null,
    answer:
      point.rounds
        .map((entry) => entry.answerer?.position ?? null)
        .filter((position) => position !== null)
        .at(-1) ?? null,
    rounds,
    agreement,
    reproduction: point.reproduction,
  };
}

/** How a resolved point was agreed: by the last answer that agreed, with evidence of its own or without. */
export function agreementOf(point: LedgerPoint): Agreement | null {
  if (point.status !== 'resolved') return null;
  const answer = point.rounds
    .map((entry) => entry.answerer)
    .filter((turn) => turn !== null && turn.position !== 'unanswered' && turn.position !== 'uncategorized')
    .at(-1);
  if (answer === undefined || answer === null || answer.ownEvidence === undefined) return null;
  return answer.ownEvidence ? 'confirmed' : 'accepted';
}

/** A point a reproduction showed real, yet withdrawn or answered Disagreed: words against a run. */
function contradictedFlags(ledger: Ledger): LedgerFlag[] {
  return ledger.points.flatMap((point): LedgerFlag[] => {
    const ran = point.reproduction;
    if (ran === null || ran.verdict !== 'reproduced') return [];
    const last = point.rounds.at(-1);
    const disagreed =
      point.rounds
        .map((entry) => entry.answerer?.position)
        .filter((position) => position !== undefined && position !== 'unanswered' && position !== 'uncategorized')
        .at(-1) === 'disagreed';
    if (point.status === 'withdrawn')
      return [
        {
          kind: 'reproduction-contradicted',
          id: point.id,
          round: last?.round ?? ran.round,
          message: `${point.id} was withdrawn, though its reproduction (${ran.section}) reproduced: ${ran.why}.`,
        },
      ];
    if (disagreed)
      return [
        {
          kind: 'reproduction-contradicted',
          id: point.id,
          round: last?.round ?? ran.round,
          message: `${point.id} was answered Disagreed, though its reproduction (${ran.section}) reproduced: ${ran.why}.`,
        },
      ];
    return [];
  });
}

/** The answering side must answer every open point with a position: each miss is reported, never guessed. */
function uncategorizedFlags(ledger: Ledger): LedgerFlag[] {
  return ledger.points.flatMap((point) =>
    point.rounds
      .filter((entry) => entry.answerer?.position === 'uncategorized' || entry.answerer?.position === 'unanswered')
      .map(
        (entry): LedgerFlag => ({
          kind: 'uncategorized',
          id: point.id,
          round: entry.round,
          message: `${entry.answerer?.section ?? 'The answer'} ${entry.answerer?.position === 'unanswered' ? 'does not answer' : 'gives no position code-debate can read for'} ${point.id}.`,
        }),
      ),
  );
}
