import { buildLedger } from '../ledger/build-ledger.js';
import { judgeDebate } from '../ledger/judge-debate.js';
import type { Standing } from '../ledger/point-standing.js';
import { ledgerReport } from '../ledger/ledger-report.js';
import type { DebateDocument, Role, Severity } from '../protocol/document.js';

/** A place a point cites, as the ledger reads it. */
export interface CitedLines {
  path: string;
  line: number;
  endLine: number;
}

/** One point of a finished debate, as the eval scores it. */
export interface EvalPoint {
  id: string;
  owner: Role;
  title: string;
  /** The raiser's words when it raised the point: where a keyword is looked for, with the title. */
  text: string;
  /** Raised in the Review: what one reviewer alone would have said. */
  inReview: boolean;
  /** The severity it was raised with, and the one the debate left it with. */
  raisedSeverity: Severity | null;
  severity: Severity | null;
  evidence: CitedLines[];
  /** Where it ended, as the pre-push gate reads it (confirmed, disputed, dismissed, withdrawn). */
  standing: Standing;
  /** Whether the gate blocks on it at the eval's `--block-on`. */
  blocking: boolean;
  /** Whether code-debate ran its reproduction and it reproduced (fails at the head, passes at the base). */
  reproduced: boolean;
}

/** Pure: every point of the debate in `document`, Review's and Responder's, with where each ended. */
export function readEvalPoints(document: DebateDocument, blockOn: Severity): EvalPoint[] {
  const ledger = buildLedger(document);
  const report = ledgerReport(ledger);
  const verdict = judgeDebate(report.points, blockOn);
  return ledger.points.map((point, index) => {
    const judged = verdict.points[index];
    if (judged === undefined || judged.id !== point.id) throw new Error(`The verdict on ${point.id} is missing: the ledger and its report disagree.`);
    return {
      id: point.id,
      owner: point.owner,
      title: point.title,
      text: point.rounds[0]?.raiser?.text ?? '',
      inReview: point.owner === 'reviewer' && point.raisedIn === 1,
      // A severity changed in the debate keeps the one raised as the first change's `from`.
      raisedSeverity: point.severityChanges.length > 0 ? (point.severityChanges[0]?.from ?? null) : point.severity,
      severity: point.severity,
      evidence: point.evidence.map(({ path, line, endLine }) => ({ path, line, endLine })),
      standing: judged.standing,
      blocking: judged.blocking,
      reproduced: judged.reproduced,
    };
  });
}
