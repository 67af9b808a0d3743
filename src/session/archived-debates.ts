import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { resolveRealPath } from '../git/resolve-real-path.js';
import { stateRoot } from './state-paths.js';

/** A debate file in the archive (see archiveDebate) and when it was archived. */
export interface ArchivedFile {
  /** Its absolute path: `<git dir>/code-debate/<debate>/archive/<stamp>-<checksum>-<name>`. */
  file: string;
  /** ISO 8601, from the name archiveDebate gave it (else the file's modification time). */
  archivedAt: string;
}

/** `file` (relative to `cwd`) resolved, and its path below stateRoot split into names (`..` first when outside). */
async function underStateRoot(gitDir: string, file: string, cwd: string): Promise<{ resolved: string; parts: string[] }> {
  const resolved = await resolveRealPath(path.resolve(cwd, file));
  const relative = path.relative(await resolveRealPath(stateRoot(gitDir)), resolved);
  return { resolved, parts: path.isAbsolute(relative) ? ['..'] : relative.split(path.sep) };
}

/**
 * The real path of `file` (relative to `cwd`) when it names a debate in the archive of the git
 * directory `gitDir` (`<debate>/archive/<file>` under stateRoot, as archiveDebate puts it), else
 * null: the one place inside a git directory a debate may be read from.
 */
export async function resolveArchivedDebate(gitDir: string, file: string, cwd: string): Promise<string | null> {
  const { resolved, parts } = await underStateRoot(gitDir, file, cwd);
  const named = parts.length === 3 && parts.every((part) => part !== '' && part !== '.' && part !== '..');
  return named && parts[1] === 'archive' ? resolved : null;
}

/** Whether `file` (relative to `cwd`) is in, or below, an archive folder of `gitDir`: there nothing is written. */
export async function isInArchive(gitDir: string, file: string, cwd: string): Promise<boolean> {
  const { parts } = await underStateRoot(gitDir, file, cwd);
  return parts[0] !== '..' && parts[1] === 'archive';
}

/** Every archived debate of the git directory `gitDir`, the latest first; none when nothing was archived. */
export async function listArchivedDebates(gitDir: string): Promise<ArchivedFile[]> {
  const root = stateRoot(gitDir);
  const found: ArchivedFile[] = [];
  for (const debate of await readNames(root)) {
    const archive = path.join(root, debate, 'archive');
    for (const name of await readNames(archive)) {
      const file = path.join(archive, name);
      const stats = await stat(file).catch(() => null);
      if (stats?.isFile()) found.push({ file, archivedAt: stampOf(name) ?? stats.mtime.toISOString() });
    }
  }
  return found.sort((a, b) => b.archivedAt.localeCompare(a.archivedAt) || a.file.localeCompare(b.file));
}

async function readNames(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** `2026-11-22T10-10-00-000Z-1a2b3c4d-reply.md` → `2026-11-22T10:10:00.000Z`. */
function stampOf(name: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/.exec(name);
  return match === null ? null : `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`;
}
