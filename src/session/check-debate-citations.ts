import { BoundedMap } from '../bounded-map.js';
import { GitError } from '../errors.js';
import { checkCitations, type CitationCheck } from '../git/check-citations.js';
import type { Citation } from '../protocol/read-citations.js';
import type { DebateDocument } from '../protocol/document.js';
import type { DebateReader } from '../protocol/reading/debate-reader.js';
import type { Role } from '../protocol/document.js';
import type { EventSink } from './side-events.js';

/**
 * The evidence check of every citation of the debate so far against the subject's snapshot at
 * `head` (the subject as it is for this turn; null for the work tree). A snapshot git no longer
 * has costs the check, not the turn: it is skipped with a warning.
 */
/** What the check needs of a side (a SideContext), named here: the side's context holds this module's CitationMemory. */
interface CheckingSide {
  role: Role;
  root: string;
  reader: Pick<DebateReader, 'citations'>;
  memory: { citations: CitationMemory };
  emit: EventSink;
}

export async function checkDebateCitations(context: CheckingSide, document: DebateDocument, head: string | null): Promise<CitationCheck[]> {
  try {
    return await checkCached(context.memory.citations, context.root, head, context.reader.citations(document));
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    context.emit({ type: 'warning', role: context.role, message: `the evidence check was skipped: ${error.message}` });
    return [];
  }
}

/** What one side remembers of the evidence checks it made, turn after turn (see createCitationMemory). */
export interface CitationMemory {
  /** A commit never changes: a citation checked against one is not checked again (the work tree is). */
  checked: BoundedMap<string, Pick<CitationCheck, 'ok' | 'problem'>>;
  /**
   * Citations are shared from turn to turn (see DebateReader.citations): each one's key and its check at a
   * commit are made once, not every turn, and the same check object is given back each time.
   */
  known: WeakMap<Citation, { at: string; key: string; check: CitationCheck | null }>;
  /** The last call's citations at a commit and their checks. */
  lastChecks: { at: string; citations: readonly Citation[]; checks: readonly CitationCheck[] } | null;
}

/** How many checks at a commit a side keeps: a debate of 5 MB cites a few thousand lines; a new commit checks them all again. */
const keptChecks = 16_384;

export function createCitationMemory(): CitationMemory {
  return { checked: new BoundedMap(keptChecks), known: new WeakMap(), lastChecks: null };
}

async function checkCached(memory: CitationMemory, root: string, head: string | null, citations: readonly Citation[]): Promise<CitationCheck[]> {
  const { checked, known, lastChecks } = memory;
  if (head === null) return checkCitations(root, { head }, citations);
  const at = `${root}\0${head}`;
  const entry = (citation: Citation) => {
    let found = known.get(citation);
    if (found?.at !== at) {
      found = { at, key: keyOf(root, head, citation), check: null };
      known.set(citation, found);
    }
    return found;
  };
  // The debate's citations grow with it: those the last call checked at this commit are its checks.
  const before = lastChecks !== null && lastChecks.at === at && startsWith(citations, lastChecks.citations) ? lastChecks : null;
  const added = citations.slice(before?.citations.length ?? 0);
  // The results this call gives, taken from the bounded map before it changes: a batch larger than the map would drop some of its own.
  const results = new Map<string, Pick<CitationCheck, 'ok' | 'problem'>>();
  const fresh: Citation[] = [];
  for (const citation of added) {
    const { key } = entry(citation);
    const kept = checked.get(key);
    if (kept === undefined) fresh.push(citation);
    else results.set(key, kept);
  }
  for (const result of await checkCitations(root, { head }, fresh)) {
    const key = keyOf(root, head, result);
    results.set(key, { ok: result.ok, problem: result.problem });
    checked.set(key, { ok: result.ok, problem: result.problem });
  }
  const resultOf = (key: string) => results.get(key);
  const checks = [...(before?.checks ?? []), ...added.map((citation) => checkOf(resultOf, entry(citation), citation))];
  // Only checks whose result is known are given again; one without (no result came) is made each time.
  if (added.every((citation) => entry(citation).check !== null)) memory.lastChecks = { at, citations, checks };
  return [...checks];
}

function startsWith<T>(items: readonly T[], prefix: readonly T[]): boolean {
  return items.length >= prefix.length && prefix.every((item, index) => item === items[index]);
}

/** The check of `citation` at its commit, kept once its result is known. */
function checkOf(
  resultOf: (key: string) => Pick<CitationCheck, 'ok' | 'problem'> | undefined,
  found: { key: string; check: CitationCheck | null },
  citation: Citation,
): CitationCheck {
  if (found.check !== null) return found.check;
  const result = resultOf(found.key);
  const check: CitationCheck = { ...citation, ...(result ?? { ok: true, problem: null }) };
  // Given to every turn from now on, and a key of what is read from it (see formatFailedCitations): never changed.
  if (result !== undefined) found.check = Object.freeze(check);
  return check;
}

function keyOf(root: string, head: string, citation: Omit<Citation, 'section'>): string {
  return JSON.stringify([root, head, citation.path, citation.line, citation.endLine, citation.quote, citation.alternatives]);
}
