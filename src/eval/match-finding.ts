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
 * when it sets one; and name its keyword in the title or text, when it sets one. Without a
 * keyword, a point that cites only the widened lines, not the bug's own, must share a word with
 * what the finding says (its `what` or `kind`): landing near a bug for another reason (a generic
 * point on the first line a file gains) is not finding it. A point that cites nothing matches nothing.
 */
export function matchesFinding(point: MatchablePoint, finding: ExpectedFinding): boolean {
  const file = normalizePath(finding.file);
  const cited = point.evidence.filter((evidence) => normalizePath(evidence.path) === file);
  const overlaps = (from: number, to: number) => cited.some((evidence) => evidence.line <= to && evidence.endLine >= from);
  if (!overlaps(finding.line - finding.tolerance, finding.endLine + finding.tolerance)) return false;
  if (finding.minSeverity !== null && !atOrAbove(point.severity, finding.minSeverity)) return false;
  const words = `${point.title}\n${point.text}`.toLowerCase();
  if (finding.keyword !== null) return words.includes(finding.keyword.toLowerCase());
  return overlaps(finding.line, finding.endLine) || sharesAWord(words, finding);
}

/** Words too common in a finding's description to tell one bug from another. */
const common = new Set(['the', 'and', 'that', 'this', 'with', 'when', 'from', 'into', 'than', 'then', 'line', 'lines', 'code', 'file', 'value', 'which', 'where', 'there']);

/** Whether `text` (lower case) holds a word of three letters or more from the finding's `what` or `kind`. */
function sharesAWord(text: string, finding: ExpectedFinding): boolean {
  const said = new Set(text.split(/[^a-z0-9]+/));
  const described = `${finding.what} ${finding.kind ?? ''}`.toLowerCase().split(/[^a-z0-9]+/);
  return described.some((word) => word.length >= 3 && !common.has(word) && said.has(word));
}

function normalizePath(file: string): string {
  return file.replace(/\\/g, '/').replace(/^\.\//, '');
}
