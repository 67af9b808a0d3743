import { inlineCode } from '../../protocol/citation-markdown.js';
import { severities, type Severity } from '../../protocol/document.js';
import type { Problem, ScanSummary } from './find-problems.js';
import { formatEvidenceList, plural, quoteLine, reviewNote } from './format-markdown.js';
import { allRules } from './rules.js';

export const noFindingTitle = 'No rule-based finding in the added lines';

/** The point a clean review raises, so the debate has one claim to check and agree on. */
export function isNoFindingPoint(title: string): boolean {
  return /^no rule-based finding\b/i.test(title.trim());
}

/**
 * The Review: the honesty note, a one-paragraph summary, then one `### R<n>.` point per problem.
 * A clean diff still gets one point, severity nit, that says no rule fired and what was checked:
 * the responder can verify that claim by re-running the rules, so the debate ends in agreement.
 */
export function writeReview(problems: readonly Problem[], scan: ScanSummary): string {
  const points = problems.length === 0 ? [writeNoFindingPoint(scan)] : problems.map((problem, index) => writePoint(index + 1, problem));
  return [reviewNote, writeSummary(problems, scan), ...points].join('\n\n');
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
  const found =
    problems.length === 0 ? 'No rule fired.' : `It found ${plural(problems.length, 'problem')}: ${countBySeverity(problems)}.`;
  return `${checked} ${found} It matches patterns only; it cannot judge design or logic.`;
}

function countBySeverity(problems: readonly Problem[]): string {
  const counts = severities
    .map((severity): [Severity, number] => [severity, problems.filter((problem) => problem.severity === severity).length])
    .filter(([, count]) => count > 0);
  return counts.map(([severity, count]) => `${count} ${severity}`).join(', ');
}

function writePoint(number: number, problem: Problem): string {
  const { rule, hits } = problem;
  const title = problem.path === null ? rule.title : `${rule.title} in ${inlineCode(problem.path)}`;
  const first = hits[0];
  const more = hits.length > 1 ? ` (${plural(hits.length, 'line')} in all)` : '';
  const what =
    problem.path === null
      ? `The change adds lines to ${plural(hits.length, 'source file')} and changes no test file (none under a test folder, none named like a test).`
      : `Line ${first?.line ?? 0} adds ${quoteLine(first?.text ?? '')}${more}.`;
  return [
    `### R${number}. ${title}`,
    `**Severity:** ${problem.severity}`,
    `**Evidence:** ${formatEvidenceList(hits)}`,
    `${what} ${rule.explanation}${problem.severity === rule.relaxedSeverity ? ` Rated ${problem.severity}: in a script or a test, printing may be intended.` : ''}`,
    `**Suggested fix:** ${rule.fix}`,
  ].join('\n\n');
}

function writeNoFindingPoint(scan: ScanSummary): string {
  const scope =
    scan.linesScanned === 0
      ? 'The change adds no line of text to check.'
      : `None of the ${plural(allRules.length, 'rule')} fired on the ${plural(scan.linesScanned, 'added line')} in ${plural(scan.filesScanned, 'file')}.`;
  return [
    `### R1. ${noFindingTitle}`,
    '**Severity:** nit',
    `${scope} This says nothing about design or logic, which a rule-based agent cannot judge.`,
    '**Suggested fix:** Nothing for these rules; have a person or a model review the logic.',
  ].join('\n\n');
}
