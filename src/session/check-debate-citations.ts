import { GitError } from '../errors.js';
import { checkCitations, type CitationCheck } from '../git/check-citations.js';
import { readCitations, type Citation } from '../ledger/read-citations.js';
import type { DebateDocument } from '../protocol/document.js';
import type { SessionContext } from './session-context.js';

/**
 * The evidence check of every citation of the debate so far against the subject's snapshot at
 * `head` (the subject as it is for this turn; null for the work tree). A snapshot git no longer
 * has costs the check, not the turn: it is skipped with a warning.
 */
export async function checkDebateCitations(context: SessionContext, document: DebateDocument, head: string | null): Promise<CitationCheck[]> {
  try {
    return await checkCached(context.root, head, readCitations(document));
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    context.report({ type: 'warning', role: context.role, message: `the evidence check was skipped: ${error.message}` });
    return [];
  }
}

// A commit never changes: a citation checked against one is not checked again (the work tree is).
const checked = new Map<string, Pick<CitationCheck, 'ok' | 'problem'>>();
// Citations are shared from turn to turn (see readCitations): each one's key is made once, not every turn.
const keys = new WeakMap<Citation, { at: string; key: string }>();

async function checkCached(root: string, head: string | null, citations: readonly Citation[]): Promise<CitationCheck[]> {
  if (head === null) return checkCitations(root, { head }, citations);
  const at = `${root}\0${head}`;
  const key = (citation: Citation) => {
    const known = keys.get(citation);
    if (known?.at === at) return known.key;
    const made = JSON.stringify([root, head, citation.path, citation.line, citation.endLine, citation.quote]);
    keys.set(citation, { at, key: made });
    return made;
  };
  const fresh = citations.filter((citation) => !checked.has(key(citation)));
  for (const result of await checkCitations(root, { head }, fresh)) checked.set(key(result), { ok: result.ok, problem: result.problem });
  return citations.map((citation) => ({ ...citation, ...(checked.get(key(citation)) ?? { ok: true, problem: null }) }));
}
