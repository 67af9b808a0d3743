import { GitError } from '../errors.js';
import { checkCitations, type CitationCheck } from '../git/check-citations.js';
import { readCitations } from '../ledger/read-citations.js';
import type { DebateDocument } from '../protocol/document.js';
import type { SessionContext } from './session-context.js';

/**
 * The evidence check of every citation of the debate so far against the subject's snapshot at
 * `head` (the subject as it is for this turn; null for the work tree). A snapshot git no longer
 * has costs the check, not the turn: it is skipped with a warning.
 */
export async function checkDebateCitations(context: SessionContext, document: DebateDocument, head: string | null): Promise<CitationCheck[]> {
  try {
    return await checkCitations(context.root, { head }, readCitations(document));
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    context.report({ type: 'warning', role: context.role, message: `the evidence check was skipped: ${error.message}` });
    return [];
  }
}
