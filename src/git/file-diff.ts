export const fileDiffStatuses = ['added', 'deleted', 'modified', 'renamed', 'copied', 'type-changed', 'unmerged'] as const;
export type FileDiffStatus = (typeof fileDiffStatuses)[number];

/** One file's part of a `git diff`, with what its header and hunks say about it. */
export interface FileDiff {
  /** Path after the change (a deleted file's old path), relative to the work tree root. */
  path: string;
  /** Path before a rename or copy; null otherwise. */
  oldPath: string | null;
  status: FileDiffStatus;
  /** `100644`, `100755`, `120000` (symlink), `160000` (submodule); null when that side has no file. */
  oldMode: string | null;
  newMode: string | null;
  /** `similarity index` of a rename or copy, in percent. */
  similarity: number | null;
  binary: boolean;
  /** The commits a submodule moves between (null for the side where it does not exist). */
  submodule: { from: string | null; to: string | null } | null;
  /** Lines added and removed in the hunks. */
  added: number;
  deleted: number;
  /** Abbreviated object ids from the `index` line, when there is one. */
  oldBlob: string | null;
  newBlob: string | null;
  /** Whether a hunk line holds U+FFFD, which is what bytes that are not UTF-8 become once read as text. */
  replacementChar: boolean;
  /** This file's part of the diff, exactly as printed (two parts for a type change). */
  patch: string;
}

/** What the file is after the change, in words: `symbolic link`, `submodule`, `executable file`, `file`. */
export function describeMode(mode: string | null): string {
  if (mode === '120000') return 'symbolic link';
  if (mode === '160000') return 'submodule';
  if (mode === '100755') return 'executable file';
  return 'file';
}
