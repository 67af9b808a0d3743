import { citationText, inlineSnippet } from '../protocol/citation-markdown.js';
import { quoteIsIn } from '../protocol/match-quote.js';
import type { Citation } from '../protocol/read-citations.js';
import { readFilesAtCommit, readWorkTreeFiles, type CitedFile } from './citation-files.js';
import { normalizeCitedPath, refuseCitedPath } from './citation-path.js';
import { findRepo } from './find-repo.js';
import { openGit } from './run-git.js';

/** A citation and whether the snapshot bears it out; `problem` says plainly what did not. */
export type CitationCheck = Citation & { ok: boolean; problem: string | null };

// A quote may sit up to two lines away: writers miscount by a line or two.
const slack = 2;
const maxShownLines = 3;

/**
 * Checks each citation against the snapshot: the file exists at `snapshot.head` (in the work
 * tree when head is null: the index and working-tree subjects), the cited lines exist, and the
 * quote, if any, is on them (±2 lines, compared by quoteIsIn), or else one of the other code spans of its clause. Each file is read once; a path that
 * is absolute, climbs out with `..` or resolves outside the work tree is a failed check, never read.
 */
export async function checkCitations(cwd: string, snapshot: { head: string | null }, citations: readonly Citation[]): Promise<CitationCheck[]> {
  const paths = [...new Set(citations.filter((citation) => refuseCitedPath(citation.path) === null).map((citation) => normalizeCitedPath(citation.path)))];
  let files = new Map<string, CitedFile>();
  if (paths.length > 0) {
    files = snapshot.head === null ? await readVisibleWorkTreeFiles(cwd, paths) : await readFilesAtCommit(openGit(cwd), snapshot.head, paths);
  }
  return citations.map((citation) => {
    const refused = refuseCitedPath(citation.path);
    if (refused !== null) return { ...citation, ok: false, problem: refused };
    const path = normalizeCitedPath(citation.path);
    const file = files.get(path);
    if (file === undefined) throw new Error(`Cannot check \`${citation.path}\`: its file was never read`);
    // Problems name the file as git does: `./src//a.ts:3` is reported as `src/a.ts:3`.
    const problem = checkLines({ ...citation, path }, file);
    return { ...citation, ok: problem === null, problem };
  });
}

/**
 * Work-tree files that git tracks or would track: an ignored file (`.env`, credentials) is never
 * read, since a failed check quotes the lines it found into the prompt and the shared file.
 */
async function readVisibleWorkTreeFiles(cwd: string, paths: readonly string[]): Promise<Map<string, CitedFile>> {
  const repo = await findRepo(cwd);
  const listed = await openGit(repo.root).run(['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--', ...paths.map((file) => `:(literal)${file}`)]);
  const ignored = new Set(listed.split('\0').filter(Boolean));
  const files = await readWorkTreeFiles(
    repo.root,
    paths.filter((file) => !ignored.has(file)),
  );
  for (const file of ignored) files.set(file, { ok: false, problem: `${file} is ignored by git; it was not read` });
  return files;
}

/** What is wrong with `citation` given its file's content, or null when nothing is. */
function checkLines(citation: Citation, file: CitedFile): string | null {
  if (!file.ok) return file.problem;
  const { path, line, endLine, quote } = citation;
  const { lines } = file;
  if (line < 1) return `${citationText(citation)} does not exist: lines start at 1`;
  if (endLine < line) return `${citationText(citation)} is not a range: it ends before it starts`;
  if (lines.length === 0) return `${path} is empty: it has no line ${line}`;
  const last = Math.max(line, endLine);
  if (last > lines.length) return `${path} has ${lines.length === 1 ? '1 line' : `${lines.length} lines`}, not ${last}`;
  if (quote === null || [quote, ...citation.alternatives].some((code) => quoteIsNear(code, lines, line, endLine))) return null;
  const quoted = citation.alternatives.length === 0 ? `${inlineSnippet(quote)} is not` : `neither ${[quote, ...citation.alternatives].map(inlineSnippet).join(' nor ')} is`;
  return `${quoted} at ${citationText(citation)} (${describeLines(lines, line, endLine)})`;
}

/** Whether `quote` is on lines `line`..`endLine` ±2, read as a person reads it (see quoteIsIn). */
function quoteIsNear(quote: string, lines: readonly string[], line: number, endLine: number): boolean {
  return quoteIsIn(quote, lines.slice(Math.max(0, line - 1 - slack), endLine + slack).join('\n'));
}

/** `line 12 reads `bar()`` or `lines 12-14 read `a`, `b`, `c``. */
function describeLines(lines: readonly string[], line: number, endLine: number): string {
  const show = (text: string) => (text.trim() === '' ? '(empty)' : inlineSnippet(text));
  if (line === endLine) {
    const text = lines[line - 1] ?? '';
    return text.trim() === '' ? `line ${line} is empty` : `line ${line} reads ${show(text)}`;
  }
  const cited = lines.slice(line - 1, endLine);
  const shown = cited.slice(0, maxShownLines).map(show).join(', ');
  return `lines ${line}-${endLine} read ${shown}${cited.length > maxShownLines ? ', …' : ''}`;
}
