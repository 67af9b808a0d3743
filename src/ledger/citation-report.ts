import type { CitationCheck } from '../git/check-citations.js';
import { maskCredentials } from '../protocol/match-credential.js';
import { citationText, inlineCode } from '../protocol/citation-markdown.js';

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

// Pure: a side's reader writes each line once, as the report of the turn before extended (see LedgerReader.failedCitations).
function failureLine(check: CitationCheck): string {
  return `- ${inlineCode(citationText(check))} (${check.section}): ${maskCredentials(check.problem ?? 'the check failed')}`;
}
