import { GitError } from '../errors.js';
import { checkCitations } from '../git/check-citations.js';
import { formatFailedCitations } from '../ledger/citation-report.js';
import { readCitations } from '../ledger/read-citations.js';
import type { DebateDocument } from '../protocol/document.js';
import type { SessionContext } from './session-context.js';

/**
 * The citations of the debate so far that do not hold against the subject's snapshot at `head`
 * (the subject as it is for this turn; null for the work tree), as a
 * Markdown list (empty when all hold). A snapshot git no longer has costs the check, not the turn.
 */
export async function failedCitations(context: SessionContext, document: DebateDocument, head: string | null): Promise<string> {
  try {
    return formatFailedCitations(await checkCitations(context.root, { head }, readCitations(document)));
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    context.report({ type: 'warning', role: context.role, message: `the evidence check was skipped: ${error.message}` });
    return '';
  }
}
