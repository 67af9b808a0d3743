import type { Severity } from '../../protocol/document.js';
import { isScriptPath, isTestPath } from './classify-path.js';
import { hasNoteComment, isDebugOutput, isDebuggerStatement, isFocusedTest, isSkippedTest } from './match-code-patterns.js';
import { matchCredentials } from '../../protocol/match-credential.js';

export type RuleId = 'conflict-marker' | 'credential' | 'focused-test' | 'skipped-test' | 'debugger-statement' | 'debug-output' | 'todo-comment' | 'no-test-change';

export interface RuleHit {
  /** The secret the line shows, for credentials; it is masked wherever it is quoted. */
  secret: string | null;
  /** `=======` alone: a conflict marker only in a file that also has `<<<<<<<` or `>>>>>>>`. */
  needsCompanion: boolean;
}

export interface RuleInfo {
  id: RuleId;
  /** What the rule looks for, as a review's summary lists it. */
  name: string;
  title: string;
  severity: Severity;
  /** The severity in scripts and tests, where printing is expected; null when it does not change. */
  relaxedSeverity: Severity | null;
  /** Recognizes this rule in the title of a point, a peer's included. */
  about: RegExp;
  explanation: string;
  fix: string;
}

export interface LineRule extends RuleInfo {
  test(line: string, path: string): RuleHit | null;
}

const hit = (secret: string | null = null, needsCompanion = false): RuleHit => ({ secret, needsCompanion });
const when = (found: boolean): RuleHit | null => (found ? hit() : null);
// Test fixtures are full of fake passwords: there, only unmistakable formats are reported.
const unmistakable = new Set(['aws-key', 'known-token', 'private-key']);

/**
 * The line rules, in the order a review lists points of equal severity. Conflict markers and
 * credentials are critical (the code is broken, or a secret is out); focused tests high (the suite
 * silently stops running); skipped tests, debugger statements and debug output medium, debug output
 * low in scripts and tests, where printing may be the interface; TODO-style comments low.
 */
export const lineRules: readonly LineRule[] = [
  {
    id: 'conflict-marker',
    name: 'merge conflict markers',
    title: 'Merge conflict markers',
    severity: 'critical',
    relaxedSeverity: null,
    about: /conflict markers?|merge conflict|unresolved conflict/i,
    test: (line) => (/^(?:<{7}|>{7}|\|{7})(?: |$)/.test(line) ? hit() : /^={7}$/.test(line) ? hit(null, true) : null),
    explanation: 'An unresolved merge conflict was committed: the file no longer parses or runs as intended.',
    fix: 'Resolve the conflict: keep the intended side, delete every marker line, and re-run the tests.',
  },
  {
    id: 'credential',
    name: 'credentials',
    title: 'Credential committed',
    severity: 'critical',
    relaxedSeverity: null,
    about:
      /credential|hard-?coded (?:secret|password|key|token|api key)|(?:secret|password|private key|api[ _-]?key|access key|aws key|token)s? (?:committed|leaked|exposed|in (?:plain ?text|source|code|the repo))|plain-?text (?:secret|password)/i,
    test: (line, path) => {
      const match = matchCredentials(line).find((found) => !isTestPath(path) || unmistakable.has(found.kind));
      return match ? hit(match.secret) : null;
    },
    explanation: 'A credential-like string is committed in plain text (masked here); anyone with the repository can use it.',
    fix: 'Revoke and rotate the credential, read it from the environment or a secret store, and purge it from history.',
  },
  {
    id: 'focused-test',
    name: 'focused tests',
    title: 'Focused test',
    severity: 'high',
    relaxedSeverity: null,
    about: /focused tests?|\.only\b|\bfdescribe\b/i,
    test: (line, path) => when(isFocusedTest(line, path)),
    explanation: 'A focused test makes the runner skip every other test, so the suite passes without running.',
    fix: 'Remove the `.only` or the `f` prefix before merging.',
  },
  {
    id: 'skipped-test',
    name: 'skipped tests',
    title: 'Skipped test',
    severity: 'medium',
    relaxedSeverity: null,
    about: /skipped tests?|disabled tests?|\.skip\b|\bx(?:it|describe)\b|t\.Skip|mark\.skip/i,
    test: (line, path) => when(isSkippedTest(line, path)),
    explanation: 'A skipped test stops guarding its behaviour, and nothing reminds anyone to turn it back on.',
    fix: 'Fix and re-enable the test, or delete it and say why in the commit message.',
  },
  {
    id: 'debugger-statement',
    name: 'debugger statements',
    title: 'Debugger statement left',
    severity: 'medium',
    relaxedSeverity: null,
    about: /debugger|breakpoint\(|\bdbg!|\bi?pdb\b|binding\.pry|byebug/i,
    test: (line, path) => when(isDebuggerStatement(line, path)),
    explanation: 'A debugger statement stops the program wherever a debugger is attached, and is never meant to ship.',
    fix: 'Delete the statement.',
  },
  {
    id: 'debug-output',
    name: 'debug output',
    title: 'Debug output left',
    severity: 'medium',
    relaxedSeverity: 'low',
    about: /debug (?:output|print|log)|console\.(?:log|debug)|print statements?|\bprint\(|println|leftover (?:log|print)|var_dump/i,
    test: (line, path) => when(isDebugOutput(line, path)),
    explanation: 'Printing to standard output outside a command-line entry point is usually debugging left behind: it pollutes the output of every caller.',
    fix: "Delete it, or use the project's logger at debug level.",
  },
  {
    id: 'todo-comment',
    name: 'TODO-style comments',
    title: 'TODO-style comment added',
    severity: 'low',
    relaxedSeverity: null,
    about: /\b(?:todo|fixme|hack|xxx)[- ](?:style )?(?:comment|note|marker)|\b(?:TODO|FIXME|XXX)\b/,
    test: (line, path) => when(hasNoteComment(line, path)),
    explanation: 'The change adds a note that work is unfinished; it is easy to merge and forget.',
    fix: 'Finish the work in this change, or open an issue and reference it in the comment.',
  },
];

/** Not a line rule: it looks at the set of files the change touches. */
export const noTestChangeRule: RuleInfo = {
  id: 'no-test-change',
  name: 'source changed without tests',
  title: 'Source changed without any test change',
  severity: 'medium',
  relaxedSeverity: 'low',
  about: /no tests?\b|without (?:any )?tests?|test change|untested|missing tests?|tests? (?:are )?missing/i,
  explanation: 'The change edits source files but adds or changes no test, so nothing shows the new behaviour works or guards it later.',
  fix: 'Add or update a test that exercises the changed code.',
};

export const allRules: readonly RuleInfo[] = [...lineRules, noTestChangeRule];

/** The rule a point is about, read from its title; null for points no rule covers. */
export function findRuleAbout(title: string): RuleInfo | null {
  return allRules.find((rule) => rule.about.test(title)) ?? null;
}

/** The severity a rule gives a hit in `path`: lower where printing or tests are the point. */
export function severityFor(rule: RuleInfo, path: string): Severity {
  return rule.relaxedSeverity !== null && rule.id === 'debug-output' && (isScriptPath(path) || isTestPath(path)) ? rule.relaxedSeverity : rule.severity;
}
