import { lstat, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { readObjectFormat } from './empty-tree.js';
import { renderNewFileDiff, type NewFile } from './render-new-file-diff.js';
import type { GitRunner } from './run-git.js';

async function readNewFile(root: string, relative: string): Promise<NewFile | null> {
  const file = path.join(root, relative);
  try {
    const stats = await lstat(file);
    if (stats.isSymbolicLink()) return { path: relative, mode: '120000', content: Buffer.from(await readlink(file)) };
    // A fifo or a socket has no content to show, and reading a fifo would block.
    if (!stats.isFile()) return null;
    const mode = (stats.mode & 0o100) === 0 ? '100644' : '100755';
    return { path: relative, mode, content: await readFile(file) };
  } catch (error) {
    // Deleted since git listed it: it is no longer part of the change.
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Untracked, not ignored files matching `pathspecs`, as added files in `git diff` format. Nested
 * repositories (listed as `dir/`) are left out, as `git diff` leaves out their content too.
 */
export async function readUntrackedDiff(git: GitRunner, pathspecs: readonly string[]): Promise<{ files: string[]; diff: string }> {
  const listed = await git.run(['ls-files', '--others', '--exclude-standard', '-z', '--', ...pathspecs]);
  const files: string[] = [];
  let diff = '';
  const objectFormat = listed === '' ? 'sha1' : await readObjectFormat(git);
  for (const relative of listed.split('\0')) {
    if (relative === '' || relative.endsWith('/')) continue;
    const file = await readNewFile(git.cwd, relative);
    if (file === null) continue;
    files.push(relative);
    diff += renderNewFileDiff(file, objectFormat);
  }
  return { files, diff };
}
