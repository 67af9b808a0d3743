import { inlineCode } from '../../protocol/citation-markdown.js';
import type { Point, Severity } from '../../protocol/document.js';
import type { AnswerPosition } from '../../protocol/position.js';
import { acceptUnquotedLines, checkEvidence, extractQuotes, type EvidenceCheck } from './check-evidence.js';
import { findProblems, findUntestedChange, summarizeScan, touchesTests } from './find-problems.js';
import { formatEvidence, formatEvidenceList, plural, quoteLine, severityRank } from './format-markdown.js';
import type { CheckContext } from './load-check-context.js';
import { diffFilePath } from './parse-unified-diff.js';
import { allRules, findRuleAbout, severityFor, type RuleInfo } from './rules.js';
import { isNoFindingPoint } from './write-review.js';

export interface PointJudgement {
  point: Point;
  rule: RuleInfo | null;
  /** How to answer the point. */
  answer: AnswerPosition;
  /** The sentence after the answer's label. */
  summary: string;
  /** One line per check made, `path:line` first. */
  details: string[];
  checks: EvidenceCheck[];
  /** The severity the rules give this point, when it is lower than the point's own, and why (one line). */
  lowerSeverity: { to: Severity; reason: string } | null;
  /** What the re-check found, apart from severity: all evidence holds, some, none, or nothing to check. */
  evidence: 'holds' | 'partial' | 'fails' | 'unverifiable';
}

const evidenceOf = (answer: AnswerPosition): PointJudgement['evidence'] => (answer === 'agreed' ? 'holds' : answer === 'disagreed' ? 'fails' : 'partial');

type Verdict = Omit<PointJudgement, 'evidence'>;

/** Checks one point against the change and the work tree, and decides how to answer it. */
export function judgePoint(point: Point, context: CheckContext): PointJudgement {
  const verdict = judge(point, context);
  const global = isNoFindingPoint(point.title) || verdict.rule?.id === 'no-test-change';
  const unverifiable = point.evidence.length === 0 && !global;
  const evidence = verdict.lowerSeverity !== null ? 'holds' : unverifiable ? 'unverifiable' : evidenceOf(verdict.answer);
  return { ...verdict, evidence };
}

function judge(point: Point, context: CheckContext): Verdict {
  const rule = findRuleAbout(point.title);
  const base = { point, rule, checks: [] as EvidenceCheck[], lowerSeverity: null };
  if (isNoFindingPoint(point.title)) return { ...base, rule: null, ...judgeNoFinding(context) };
  if (rule?.id === 'no-test-change') return judgeUntested(point, rule, context);
  if (point.evidence.length === 0) {
    return {
      ...base,
      answer: 'partially-agreed',
      summary: `the point cites no ${inlineCode('path:line')}, so there is nothing to check it against; please cite the file and line.`,
      details: [],
    };
  }
  const knownPaths = new Set([...point.evidence.map((evidence) => evidence.path), ...context.files.flatMap((file) => [file.oldPath ?? '', file.newPath ?? ''])]);
  const quotes = extractQuotes(point.text, knownPaths);
  const checked = point.evidence.map((evidence) => checkEvidence(evidence, rule, quotes, context.views.get(evidence.path)));
  const checks = rule === null ? acceptUnquotedLines(checked) : checked;
  const details = checks.map((check) => describeCheck(check, rule, quotes));
  const holding = checks.filter((check) => check.status === 'holds').length;
  if (holding === 0) {
    return { ...base, checks, details, answer: 'disagreed', summary: 'none of the cited evidence says what the point says.' };
  }
  if (holding < checks.length) {
    return { ...base, checks, details, answer: 'partially-agreed', summary: `${holding} of ${plural(checks.length, 'cited line')} check out; the others do not.` };
  }
  const expected = rule ? strictest(checks.map((check) => severityFor(rule, check.evidence.path))) : null;
  if (rule && expected !== null && severityRank(point.severity) < severityRank(expected)) {
    const why = expected === rule.relaxedSeverity ? 'the file is a script or a test, where printing is expected' : `the built-in rules rate ${rule.name} as ${expected}`;
    return {
      ...base,
      checks,
      details,
      lowerSeverity: { to: expected, reason: why },
      answer: 'partially-agreed',
      summary: `the evidence checks out, but ${point.severity ?? 'the severity'} overstates it: ${why}, so the severity should be ${expected}.`,
    };
  }
  const caveat = rule ? '' : ' (the built-in agent checks that the cited code is there, not the reasoning about it)';
  return { ...base, checks, details, answer: 'agreed', summary: `the cited evidence checks out${caveat}.` };
}

function judgeNoFinding(context: CheckContext): Pick<Verdict, 'answer' | 'summary' | 'details'> {
  const problems = findProblems(context.files);
  const scan = summarizeScan(context.files);
  if (problems.length === 0) {
    return {
      answer: 'agreed',
      summary: `re-ran the ${plural(allRules.length, 'rule')} over the ${plural(scan.linesScanned, 'added line')} in ${plural(scan.filesScanned, 'file')}: none fires.`,
      details: [],
    };
  }
  return {
    answer: 'disagreed',
    summary: `the rules do fire on the change (${plural(problems.length, 'problem')}):`,
    details: problems.map((problem) => `${problem.rule.title} (${problem.severity}): ${formatEvidenceList(problem.hits)}.`),
  };
}

function judgeUntested(point: Point, rule: RuleInfo, context: CheckContext): Verdict {
  const base = { point, rule, checks: [] as EvidenceCheck[], lowerSeverity: null };
  const tests = context.files.filter(touchesTests).map(diffFilePath);
  if (tests.length > 0) {
    return { ...base, answer: 'disagreed', summary: `the change does touch tests: ${tests.slice(0, 5).map(inlineCode).join(', ')}.`, details: [] };
  }
  const untested = findUntestedChange(context.files);
  if (untested === null) return { ...base, answer: 'disagreed', summary: 'no source file gains lines in this change.', details: [] };
  const changed = untested.hits.map((hit) => hit.path);
  const outside = point.evidence.filter((evidence) => !changed.includes(evidence.path));
  const details = [
    `The change adds lines to ${plural(changed.length, 'source file')} (${changed.slice(0, 5).map(inlineCode).join(', ')}) and changes no test file.`,
    ...outside.map((evidence) => `${formatEvidence(evidence)} is not a source file this change adds lines to.`),
  ];
  if (outside.length > 0) {
    return {
      ...base,
      details,
      answer: outside.length === point.evidence.length ? 'disagreed' : 'partially-agreed',
      summary: 'the rule holds for the change, but not all of the cited files are changed source files.',
    };
  }
  const mentioned = changed.map((path) => [path, context.testMentions.get(path) ?? []] as const);
  if (mentioned.every(([, found]) => found.length > 0) && severityRank(point.severity) < severityRank(rule.relaxedSeverity)) {
    const where = mentioned.map(([path, found]) => `${inlineCode(path)} is imported by ${found.slice(0, 3).map(inlineCode).join(', ')}`);
    return {
      ...base,
      details: [...details, ...where.map((line) => `${line}.`)],
      // What was found is that a test imports each module, not that it exercises the change: said as that.
      lowerSeverity: rule.relaxedSeverity === null ? null : { to: rule.relaxedSeverity, reason: 'existing tests import the changed modules' },
      answer: 'partially-agreed',
      summary: `no test changes, but existing tests import the changed modules (whether they exercise this change is not checked), so the severity should be ${rule.relaxedSeverity ?? 'lower'}.`,
    };
  }
  return { ...base, details, answer: 'agreed', summary: 'no test file changes while source files do.' };
}

function describeCheck(check: EvidenceCheck, rule: RuleInfo | null, quotes: readonly string[]): string {
  const cited = formatEvidence(check.evidence);
  const { actual, view } = check;
  switch (check.status) {
    case 'missing-file':
      return `${cited}: ${inlineCode(check.evidence.path)} is neither in the change nor in the work tree${view?.reason ? ` (${view.reason})` : ''}.`;
    case 'missing-line':
      return view?.lineCount != null
        ? `${cited}: there is no line ${check.evidence.line}; the file has ${plural(view.lineCount, 'line')}.`
        : `${cited}: line ${check.evidence.line} is not among the lines the change shows, and the file is not in the work tree.`;
    case 'differs':
      return `${cited} reads ${quoteLine(actual?.text ?? '')}: ${rule ? `the ${rule.name} rule does not fire on it or within 2 lines of it` : `${describeQuotes(quotes)} on it or within 2 lines of it`}.`;
    case 'holds': {
      const moved = actual && actual.line !== check.evidence.line ? ` (line ${actual.line})` : '';
      const how = check.matchedBy === 'rule' ? `; the ${rule?.name ?? ''} rule fires on it` : check.matchedBy === 'quote' ? ', as the point quotes' : '';
      return `${cited} reads ${quoteLine(actual?.text ?? '')}${moved}${how}.`;
    }
  }
}

/** `` `a` is not `` or `` neither `a` nor `b` is ``: which quotes were looked for, so a reader can compare. */
function describeQuotes(quotes: readonly string[]): string {
  const shown = quotes.slice(0, 3).map(quoteLine);
  const more = quotes.length > shown.length ? ` nor ${plural(quotes.length - shown.length, 'other quote')}` : '';
  return shown.length === 1 && more === '' ? `${shown[0] ?? ''} is not` : `neither ${shown.join(' nor ')}${more} is`;
}

/** The most severe of several: a point is as serious as its worst evidence. */
function strictest(values: readonly Severity[]): Severity | null {
  return values.reduce<Severity | null>((worst, value) => (worst === null || severityRank(value) < severityRank(worst) ? value : worst), null);
}
