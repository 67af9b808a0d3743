import { isUtf8 } from 'node:buffer';
import { lstat, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import type { FileDiff } from './file-diff.js';
import type { GitRunner } from './run-git.js';

/** Where the bytes of each side of a file can be found. */
export interface ContentSource {
  git: GitRunner;
  /** The work tree root when the diff's new side is the work tree; null when it is commits or the index. */
  workTree: string | null;
}

async function readWorkTreeFile(root: string, file: string): Promise<Buffer | null> {
  const absolute = path.join(root, file);
  try {
    const stats = await lstat(absolute);
    if (stats.isSymbolicLink()) return Buffer.from(await readlink(absolute));
    return stats.isFile() ? await readFile(absolute) : null;
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return null;
    throw error;
  }
}

async function readSides(file: FileDiff, source: ContentSource): Promise<Buffer[]> {
  const sides: Buffer[] = [];
  const old = file.oldBlob === null ? null : await source.git.tryReadBlob(file.oldBlob);
  if (old !== null) sides.push(old);
  if (file.status === 'deleted') return sides;
  let current = file.newBlob === null ? null : await source.git.tryReadBlob(file.newBlob);
  // A work tree file's blob id is computed by git but not stored: read the file itself.
  if (current === null && source.workTree !== null) current = await readWorkTreeFile(source.workTree, file.path);
  if (current !== null) sides.push(current);
  return sides;
}

/**
 * The files whose shown lines are not valid UTF-8. Reading git's output as text turns such bytes
 * into U+FFFD, so only files with U+FFFD in their hunks are checked, against the bytes of both
 * sides: a file that really holds U+FFFD is valid. When neither side can be read (a pull request
 * whose commits are not fetched), U+FFFD is taken as the sign.
 */
export async function findNonUtf8Files(files: readonly FileDiff[], source: ContentSource): Promise<Set<FileDiff>> {
  const found = new Set<FileDiff>();
  for (const file of files) {
    if (!file.replacementChar) continue;
    const sides = await readSides(file, source);
    if (sides.length === 0 || sides.some((bytes) => !isUtf8(bytes))) found.add(file);
  }
  return found;
}
