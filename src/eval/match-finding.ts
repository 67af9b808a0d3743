import { atOrAbove } from '../ledger/judge-debate.js';
import type { Severity } from '../protocol/document.js';
import type { ExpectedFinding } from './eval-case.js';
import type { CitedLines } from './eval-point.js';

/** What matching reads of a point: where it points, how severe it is (as raised, or as it ended), and its words. */
export interface MatchablePoint {
  severity: Severity | null;
  evidence: readonly CitedLines[];
  title: string;
  text: string;
}

/**
 * Pure, without a model: whether `point` reports `finding`. It must cite the finding's file at
 * lines overlapping the finding's, widened by its tolerance; be at or above its least severity,
 * when it sets one; and name its keyword in the title or text, when it sets one. A point that
 * cites nothing matches nothing.
 */
export function matchesFinding(point: MatchablePoint, finding: ExpectedFinding): boolean {
  const file = normalizePath(finding.file);
  const near = point.evidence.some(
    (cited) => normalizePath(cited.path) === file && cited.line <= finding.endLine + finding.tolerance && cited.endLine >= finding.line - finding.tolerance,
  );
  if (!near) return false;
  if (finding.minSeverity !== null && !atOrAbove(point.severity, finding.minSeverity)) return false;
  return finding.keyword === null || `${point.title}\n${point.text}`.toLowerCase().includes(finding.keyword.toLowerCase());
}

function normalizePath(file: string): string {
  return file.replace(/\\/g, '/').replace(/^\.\//, '');
}
