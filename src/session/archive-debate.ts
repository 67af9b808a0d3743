import { copyFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { withFileLock } from './claims/file-lock.js';
import { makeStateDir } from '../make-state-dir.js';
import { readDebateFile } from './read-debate-file.js';
import type { StatePaths } from './state-paths.js';

/** Where finished debates of this file are kept: under the git directory, never deleted. */
export function archiveDir(paths: StatePaths): string {
  return path.join(paths.dir, 'archive');
}

/**
 * Moves a finished debate out of the way into the archive, under the write lock and only if the
 * file still has `checksum` (a peer that already started the next debate keeps its file).
 * Returns where it went, or null when the file changed or is gone.
 */
export async function archiveDebate(file: string, paths: StatePaths, checksum: string, now = new Date()): Promise<string | null> {
  await makeStateDir(paths.gitDir, paths.dir);
  return withFileLock(paths.writeLock, { timeoutMs: 10_000 }, async () => {
    const current = await readDebateFile(file);
    if (!current.exists || current.checksum !== checksum) return null;
    const dir = archiveDir(paths);
    await makeStateDir(paths.gitDir, dir);
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const target = path.join(dir, `${stamp}-${current.checksum.slice(0, 8)}-${path.basename(file)}`);
    try {
      await rename(file, target);
    } catch (error) {
      // The git directory may be on another filesystem (GIT_DIR, a worktree's common dir).
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(file, target);
      await unlink(file);
    }
    return target;
  });
}
