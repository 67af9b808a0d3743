import { readGitHeader, readHeaderPath, stripPrefix, unquotePath } from './read-diff-paths.js';

export type DiffLineKind = 'added' | 'removed' | 'context';

export interface DiffLine {
  kind: DiffLineKind;
  /** The line without its `+`, `-` or ` ` marker and without a trailing `\r`. */
  text: string;
  oldLine: number | null;
  newLine: number | null;
}

export interface DiffHunk {
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
}

export type DiffFileStatus = 'added' | 'deleted' | 'modified' | 'renamed' | 'copied';

export interface DiffFile {
  /** null for a file the change creates. */
  oldPath: string | null;
  /** null for a file the change deletes. */
  newPath: string | null;
  status: DiffFileStatus;
  binary: boolean;
  hunks: DiffHunk[];
}

interface FileBuilder extends DiffFile {
  sawPaths: boolean;
}

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const devNull = '/dev/null';

/**
 * The files of a unified diff (`git diff` output, or a plain `diff -u`): their paths as the change
 * leaves them, renames and binary files, and each hunk's lines with old and new line numbers.
 * Combined (merge) diffs' `@@@` hunks are skipped: their lines have no single new number.
 */
export function parseUnifiedDiff(diff: string): DiffFile[] {
  const lines = diff.replace(/\r\n/g, '\n').split('\n');
  const files: FileBuilder[] = [];
  let current: FileBuilder | null = null;
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const next = lines[index + 1] ?? '';
    const hunk = hunkHeader.exec(line);
    if (line.startsWith('diff --git ')) {
      current = newFile(readGitHeader(line.slice('diff --git '.length)));
      files.push(current);
    } else if (line.startsWith('--- ') && next.startsWith('+++ ')) {
      if (current === null || current.sawPaths || current.hunks.length > 0) {
        current = newFile({ oldPath: null, newPath: null });
        files.push(current);
      }
      setPaths(current, readHeaderPath(line.slice(4)), readHeaderPath(next.slice(4)));
      index += 2;
      continue;
    } else if (hunk && current) {
      index = readHunk(lines, index + 1, hunk, current);
      continue;
    } else if (current) {
      readExtendedHeader(line, current);
    }
    index += 1;
  }
  return files.map(({ sawPaths: _sawPaths, ...file }) => file);
}

/** The path a file has after the change (its old path when the change deletes it). */
export function diffFilePath(file: DiffFile): string {
  return file.newPath ?? file.oldPath ?? '';
}

export function addedLines(file: DiffFile): DiffLine[] {
  return file.hunks.flatMap((hunk) => hunk.lines.filter((line) => line.kind === 'added'));
}

function newFile(paths: { oldPath: string | null; newPath: string | null }): FileBuilder {
  return { ...paths, status: 'modified', binary: false, hunks: [], sawPaths: false };
}

function setPaths(file: FileBuilder, oldPath: string | null, newPath: string | null): void {
  file.sawPaths = true;
  file.oldPath = oldPath === devNull ? null : stripPrefix(oldPath, file.oldPath);
  file.newPath = newPath === devNull ? null : stripPrefix(newPath, file.newPath);
  if (oldPath === devNull) file.status = 'added';
  if (newPath === devNull) file.status = 'deleted';
}

function readExtendedHeader(line: string, file: FileBuilder): void {
  if (line.startsWith('new file mode')) {
    file.status = 'added';
    file.oldPath = null;
  } else if (line.startsWith('deleted file mode')) {
    file.status = 'deleted';
    file.newPath = null;
  } else if (line.startsWith('rename from ') || line.startsWith('copy from ')) {
    file.status = line.startsWith('rename') ? 'renamed' : 'copied';
    file.oldPath = unquotePath(line.replace(/^(?:rename|copy) from /, ''));
  } else if (line.startsWith('rename to ') || line.startsWith('copy to ')) {
    file.newPath = unquotePath(line.replace(/^(?:rename|copy) to /, ''));
  } else if (/^Binary files .* differ$/.test(line) || line === 'GIT binary patch') {
    file.binary = true;
  }
}

function readHunk(lines: readonly string[], start: number, header: RegExpExecArray, file: FileBuilder): number {
  let oldLine = Number(header[1]);
  let newLine = Number(header[3]);
  let oldLeft = header[2] === undefined ? 1 : Number(header[2]);
  let newLeft = header[4] === undefined ? 1 : Number(header[4]);
  const hunk: DiffHunk = { oldStart: oldLine, newStart: newLine, lines: [] };
  file.hunks.push(hunk);
  let index = start;
  while (index < lines.length && (oldLeft > 0 || newLeft > 0)) {
    const raw = lines[index] ?? '';
    const marker = raw === '' ? ' ' : raw[0];
    const text = raw.slice(1).replace(/\r$/, '');
    if (marker === '\\') {
      index += 1;
      continue;
    }
    if (marker === '+') {
      hunk.lines.push({ kind: 'added', text, oldLine: null, newLine: newLine++ });
      newLeft -= 1;
    } else if (marker === '-') {
      hunk.lines.push({ kind: 'removed', text, oldLine: oldLine++, newLine: null });
      oldLeft -= 1;
    } else if (marker === ' ') {
      hunk.lines.push({ kind: 'context', text, oldLine: oldLine++, newLine: newLine++ });
      oldLeft -= 1;
      newLeft -= 1;
    } else {
      break;
    }
    index += 1;
  }
  while (lines[index]?.startsWith('\\')) index += 1;
  return index;
}
