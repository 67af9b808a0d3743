import type { GitRunner } from './run-git.js';
import { unquoteGitPath } from './unquote-git-path.js';

export interface AddedLine {
  /** Its line number in the commit's version of the file. */
  line: number;
  text: string;
}

export interface AddedFile {
  path: string;
  lines: AddedLine[];
}

/** The lines one commit adds: against its parent, the empty tree for a root commit; a merge's own lines only. */
export interface CommitLines {
  sha: string;
  parents: string[];
  subject: string;
  files: AddedFile[];
}

// One header line per commit, NUL-separated: no diff line starts with a NUL.
const format = '--format=%x00%H%x00%P%x00%s';
// `git log` with the user's configuration pinned: no pager, colour, external diff, signature or
// notes in the stream; the root commit shown in full; `a/` and `b/` prefixes; renames followed,
// so a moved file adds only the lines it changed.
const logArgs = [
  'log',
  '--no-walk=unsorted',
  format,
  '--cc',
  '--root',
  '-M',
  '--unified=0',
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '--no-show-signature',
  '--no-notes',
  '--no-relative',
  '--src-prefix=a/',
  '--dst-prefix=b/',
];
// Keeps each git command line well under the system's limit on a long first push.
const batchSize = 500;

/** The lines each of `commits` adds, in the order given, as one `git log` per 500 commits reads them. */
export async function readAddedLines(git: GitRunner, commits: readonly string[]): Promise<CommitLines[]> {
  const read: CommitLines[] = [];
  for (let start = 0; start < commits.length; start += batchSize) {
    const batch = commits.slice(start, start + batchSize);
    read.push(...parseAddedLines(await git.run([...logArgs, ...batch, '--'])));
  }
  return read;
}

interface Hunk {
  /** The next line number in the commit's version. */
  next: number;
  /** Lines still to come: in the commit's version, and in each parent's. */
  newLeft: number;
  oldLeft: number[];
}

/**
 * Pure: the added lines in the output of `git log --cc --unified=0` with the format above. In a
 * merge's combined diff a line is the merge's own when every parent's column says `+`; a line
 * taken from one side is that side's commit's to answer for.
 */
export function parseAddedLines(output: string): CommitLines[] {
  const commits: CommitLines[] = [];
  let commit: CommitLines | null = null;
  let file: AddedFile | null = null;
  let hunk: Hunk | null = null;
  for (const raw of output.split('\n')) {
    if (hunk !== null && (hunk.newLeft > 0 || hunk.oldLeft.some((left) => left > 0))) {
      readHunkLine(raw, hunk, file);
      continue;
    }
    hunk = null;
    if (raw.startsWith('\0')) {
      const [, sha = '', parents = '', subject = ''] = raw.split('\0');
      commit = { sha, parents: parents.split(' ').filter((parent) => parent !== ''), subject, files: [] };
      commits.push(commit);
      file = null;
    } else if (raw.startsWith('diff ')) {
      file = null;
    } else if (raw.startsWith('+++ ') && commit !== null) {
      file = readNewPath(raw.slice(4), commit);
    } else if (raw.startsWith('@@')) {
      hunk = readHunkHeader(raw);
    }
  }
  for (const each of commits) each.files = each.files.filter((added) => added.lines.length > 0);
  return commits;
}

/** The file of a `+++ b/path` line, added to the commit; null for `/dev/null` (a deletion). */
function readNewPath(text: string, commit: CommitLines): AddedFile | null {
  // git ends the name with a tab when it holds a space.
  const name = unquoteGitPath(text.endsWith('\t') ? text.slice(0, -1) : text);
  if (!name.startsWith('b/')) return null;
  const added: AddedFile = { path: name.slice(2), lines: [] };
  commit.files.push(added);
  return added;
}

/** `@@ -1,2 +3,4 @@`, or `@@@ -1 -1,2 +1,3 @@@` for a merge of two; null when it is neither. */
function readHunkHeader(text: string): Hunk | null {
  const marks = /^(@{2,}) (.*?) \1/.exec(text);
  if (marks === null) return null;
  const ranges = (marks[2] ?? '').split(' ');
  const counts = ranges.map((range) => {
    const [start = '0', count = '1'] = range.slice(1).split(',');
    return { start: Number(start), count: Number(count) };
  });
  const result = counts.at(-1);
  if (result === undefined || ranges.length !== marks[1]!.length) return null;
  return { next: result.start, newLeft: result.count, oldLeft: counts.slice(0, -1).map(({ count }) => count) };
}

function readHunkLine(text: string, hunk: Hunk, file: AddedFile | null): void {
  if (text.startsWith('\\')) return;
  const columns = text.slice(0, hunk.oldLeft.length);
  const inResult = !columns.includes('-');
  [...columns].forEach((column, index) => {
    if (column === '-' || (column === ' ' && inResult)) hunk.oldLeft[index] = (hunk.oldLeft[index] ?? 0) - 1;
  });
  if (!inResult) return;
  if (/^\++$/.test(columns)) file?.lines.push({ line: hunk.next, text: text.slice(columns.length) });
  hunk.next += 1;
  hunk.newLeft -= 1;
}
