import type { FileDiff } from './file-diff.js';
import { readFileDiff } from './read-file-diff.js';

/** Each line of `text` with its line end. */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const next = end === -1 ? text.length : end + 1;
    lines.push(text.slice(start, next));
    start = next;
  }
  return lines;
}

// A hunk line starts with ` `, `+`, `-` or `\`, so these can only open a file's part.
const startsFile = (line: string): boolean => line.startsWith('diff --git ') || line.startsWith('* Unmerged path ');

// 100644 and 100755 are both regular files; a change between them is a mode change.
const typeOf = (mode: string | null): string | null => (mode === '100755' ? '100644' : mode);

/** git prints a file that changes type (file → symlink) as a deletion then an addition of the same path. */
function mergeTypeChange(removed: FileDiff, added: FileDiff): FileDiff {
  return {
    ...removed,
    status: 'type-changed',
    newMode: added.newMode,
    binary: removed.binary || added.binary,
    submodule: removed.submodule === null && added.submodule === null ? null : { from: removed.submodule?.from ?? null, to: added.submodule?.to ?? null },
    added: removed.added + added.added,
    deleted: removed.deleted + added.deleted,
    newBlob: added.newBlob,
    replacementChar: removed.replacementChar || added.replacementChar,
    patch: removed.patch + added.patch,
  };
}

/**
 * The files of a `git diff` (or `gh pr diff`), in the order printed. Text before the first file
 * (git prints none) is not part of any file and is dropped.
 */
export function splitDiff(text: string): FileDiff[] {
  const parts: string[] = [];
  for (const line of splitLines(text)) {
    if (startsFile(line)) parts.push(line);
    else if (parts.length > 0) parts[parts.length - 1] += line;
  }
  const files: FileDiff[] = [];
  for (const file of parts.map(readFileDiff)) {
    const previous = files.at(-1);
    if (previous?.status === 'deleted' && file.status === 'added' && previous.path === file.path && typeOf(previous.oldMode) !== typeOf(file.newMode)) {
      files[files.length - 1] = mergeTypeChange(previous, file);
    } else {
      files.push(file);
    }
  }
  return files;
}
