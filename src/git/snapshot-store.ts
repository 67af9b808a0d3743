import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeStateDir } from '../make-state-dir.js';

/**
 * Per-file hashes of each diff code-debate resolved, kept under the git directory by the diff's
 * sha256, so that a later process can tell which files changed since a pinned snapshot, even a
 * working tree's. A cache: losing it only makes `filesChangedSince` less precise.
 */
const keep = 64;
const shaPattern = /^[0-9a-f]{64}$/;

function snapshotDir(gitDir: string): string {
  return path.join(gitDir, 'code-debate', 'snapshots');
}

// A cache that cannot be written (read-only repository, full disk) must not stop a review.
const isFileSystemError = (error: unknown): boolean => error instanceof Error && 'code' in error && typeof error.code === 'string';

async function prune(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  if (names.length <= keep) return;
  const dated = await Promise.all(names.map(async (name) => ({ name, time: (await stat(path.join(dir, name))).mtimeMs })));
  dated.sort((a, b) => b.time - a.time);
  await Promise.all(dated.slice(keep).map(({ name }) => rm(path.join(dir, name), { force: true })));
}

// The diffs this process has recorded: a subject resolved again every turn is written once.
const stored = new Set<string>();

/** Records the per-file hashes of the diff whose sha256 is `diffSha256`. */
export async function storeSnapshot(gitDir: string, diffSha256: string, fileHashes: Readonly<Record<string, string>>): Promise<void> {
  if (!shaPattern.test(diffSha256)) throw new Error(`Cannot store a snapshot for \`${diffSha256}\`, expected a sha256 in hex.`);
  const dir = snapshotDir(gitDir);
  const file = path.join(dir, `${diffSha256}.json`);
  if (stored.has(file)) return;
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await makeStateDir(gitDir, dir);
    await writeFile(temporary, `${JSON.stringify({ v: 1, files: fileHashes })}\n`);
    await rename(temporary, file);
    stored.add(file);
    await prune(dir);
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}

/** The per-file hashes recorded for `diffSha256`, or null when none were (or they cannot be read). */
export async function readSnapshot(gitDir: string, diffSha256: string): Promise<Record<string, string> | null> {
  if (!shaPattern.test(diffSha256)) return null;
  let text: string;
  try {
    text = await readFile(path.join(snapshotDir(gitDir), `${diffSha256}.json`), 'utf8');
  } catch (error) {
    if (isFileSystemError(error)) return null;
    throw error;
  }
  try {
    const value = JSON.parse(text) as { v?: unknown; files?: unknown };
    if (value.v !== 1 || typeof value.files !== 'object' || value.files === null) return null;
    const entries = Object.entries(value.files).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return Object.fromEntries(entries);
  } catch {
    // A torn or hand-edited cache entry is no snapshot.
    return null;
  }
}
