import type { CitationCheck } from '../git/check-citations.js';
import { maskCredentials } from '../protocol/match-credential.js';
import { memoizeText } from '../protocol/memoize-text.js';
import { citationText, inlineCode } from '../protocol/citation-markdown.js';

// Every turn reports the failures of the whole debate so far: each problem is masked once.
const maskedProblem = memoizeText(maskCredentials, 4_096);

/**
 * The failed checks as a Markdown list, one line each with the section that cited it, e.g.
 * ``- `src/a.ts:120` (Response 2): src/a.ts has 40 lines, not 120``; empty when none failed.
 * A line quoted from the code has its credentials masked: the report goes into the shared file.
 */
export function formatFailedCitations(checks: readonly CitationCheck[]): string {
  return appendFailedCitations('', checks);
}

/** `report` (the failed citations of earlier checks, formatted) followed by those of `checks`. */
export function appendFailedCitations(report: string, checks: readonly CitationCheck[]): string {
  const lines = checks.filter((check) => !check.ok).map(failureLine);
  return [...(report === '' ? [] : [report]), ...lines].join('\n');
}

// The checks of a debate are the same objects from turn to turn (see checkDebateCitations): each line is written once.
const failureLines = new WeakMap<CitationCheck, string>();

function failureLine(check: CitationCheck): string {
  let line = failureLines.get(check);
  if (line === undefined) {
    line = `- ${inlineCode(citationText(check))} (${check.section}): ${maskedProblem(check.problem ?? 'the check failed')}`;
    failureLines.set(check, line);
  }
  return line;
}
