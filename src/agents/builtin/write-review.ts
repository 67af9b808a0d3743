import { inlineCode } from '../../protocol/citation-markdown.js';
import { severities, type Evidence, type Severity } from '../../protocol/document.js';
import { answerText, toEvidenceData, type PointData } from './answer-data.js';
import type { Hit, Problem, ScanSummary } from './find-problems.js';
import { maxListedEvidence, plural, quoteLine, reviewNote } from './format-markdown.js';
import { allRules } from './rules.js';

export const noFindingTitle = 'No rule-based finding in the added lines';

/** The point a clean review raises, so the debate has one claim to check and agree on. */
export function isNoFindingPoint(title: string): boolean {
  return /^no rule-based finding\b/i.test(title.trim());
}

/**
 * The Review as data: the honesty note and a one-paragraph summary, then one point per problem,
 * its evidence the lines the rule fired on. A clean diff still gets one point, severity nit, that
 * says no rule fired and what was checked: the responder can verify that claim by re-running the
 * rules, so the debate ends in agreement.
 */
export function writeReview(problems: readonly Problem[], scan: ScanSummary): string {
  const points = problems.length === 0 ? [noFindingPoint(scan)] : problems.map(toPoint);
  return answerText({ summary: `${reviewNote}\n\n${writeSummary(problems, scan)}`, points });
}

function writeSummary(problems: readonly Problem[], scan: ScanSummary): string {
  const skipped = [
    scan.binaryFiles > 0 ? `${plural(scan.binaryFiles, 'binary file')} skipped` : '',
    scan.deletedFiles > 0 ? `${plural(scan.deletedFiles, 'deleted file')} not scanned` : '',
  ].filter(Boolean);
  const checked =
    `The built-in agent checked ${plural(scan.linesScanned, 'added line')} in ${plural(scan.filesScanned, 'file')} ` +
    `against ${plural(allRules.length, 'rule')} (${allRules.map((rule) => rule.name).join(', ')})` +
    (skipped.length > 0 ? `; ${skipped.join(', ')}.` : '.');
  const found = problems.length === 0 ? 'No rule fired.' : `It found ${plural(problems.length, 'problem')}: ${countBySeverity(problems)}.`;
  return `${checked} ${found} It matches patterns only; it cannot judge design or logic.`;
}

function countBySeverity(problems: readonly Problem[]): string {
  const counts = severities.map((severity): [Severity, number] => [severity, problems.filter((problem) => problem.severity === severity).length]).filter(([, count]) => count > 0);
  return counts.map(([severity, count]) => `${count} ${severity}`).join(', ');
}

function toPoint(problem: Problem): PointData {
  const { rule, hits } = problem;
  const named = problem.path === null ? rule.title : `${rule.title} in ${inlineCode(problem.path)}`;
  // A title is one line of at most 200 characters: a path that would break it stays in the evidence.
  const title = named.length <= 200 && !/[\r\n]/.test(named) ? named : rule.title;
  const first = hits[0];
  const more = hits.length > 1 ? ` (${plural(hits.length, 'line')} in all)` : '';
  const what =
    problem.path === null
      ? `The change adds lines to ${plural(hits.length, 'source file')} and changes no test file (none under a test folder, none named like a test).`
      : `Line ${first?.line ?? 0} adds ${quoteLine(first?.text ?? '')}${more}.`;
  const rated = problem.severity === rule.relaxedSeverity ? ` Rated ${problem.severity}: in a script or a test, printing may be intended.` : '';
  const places = mergeRuns(hits);
  const listed = places.slice(0, maxListedEvidence);
  const unlisted = places.length > listed.length ? ` The evidence lists the first ${listed.length} of ${places.length} places.` : '';
  return {
    title,
    severity: problem.severity,
    evidence: toEvidenceData(listed),
    reasoning: `${what} ${rule.explanation}${rated}${unlisted}\n\n**Suggested fix:** ${rule.fix}`,
  };
}

/** The hits as places: consecutive lines of one file as one range. */
function mergeRuns(hits: readonly Hit[]): Evidence[] {
  const places: Evidence[] = [];
  for (const hit of hits) {
    const last = places.at(-1);
    if (last !== undefined && last.path === hit.path && (last.endLine ?? last.line) + 1 === hit.line) last.endLine = hit.line;
    else places.push({ path: hit.path, line: hit.line });
  }
  return places;
}

function noFindingPoint(scan: ScanSummary): PointData {
  const scope =
    scan.linesScanned === 0
      ? 'The change adds no line of text to check.'
      : `None of the ${plural(allRules.length, 'rule')} fired on the ${plural(scan.linesScanned, 'added line')} in ${plural(scan.filesScanned, 'file')}.`;
  return {
    title: noFindingTitle,
    severity: 'nit',
    evidence: [],
    reasoning: `${scope} This says nothing about design or logic, which a rule-based agent cannot judge.\n\n**Suggested fix:** Nothing for these rules; have a person or a model review the logic.`,
  };
}
