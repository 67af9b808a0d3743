import { readdirSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';

/**
 * Where a repository's refs point, as seen from outside git with `stat` alone: the files at the
 * top of the git dir (HEAD and the other pseudo-refs, the index, the config, packed refs) and the
 * directories of loose refs and reftable. git changes each by writing a lock file and renaming it
 * into place, which gives the file a new inode and changes the mtime of the directory it lands
 * in, so two equal stamps mean nothing a commit, range, `against` or `staged` subject is resolved
 * from moved in between (see `refsUnchanged` for when a stamp can be trusted). code-debate's own
 * files live in a directory of the git dir, whose changes the stamp leaves out.
 */
export interface RefStamp {
  /** Every watched entry's identity and times, in a fixed order. */
  readonly entries: string;
  /**
   * The latest time an entry was last changed (ms since the epoch), taking each entry's earlier of
   * mtime and ctime: a later change sets both to its own time, so it differs from either one.
   */
  readonly newestMs: number;
  /** When the stamp was read (ms since the epoch, the clock file times come from). */
  readonly takenMs: number;
}

/**
 * How far back the newest entry must be for a stamp to be trusted: a change in the same clock
 * tick as the one before it leaves the mtime as it was. Linux ticks are milliseconds; FAT's are
 * 2 s. The same rule as git's racy index.
 */
const settleMs = 3_000;

/** A repository with more ref directories than this is not stamped: reading them would cost more than asking git. */
const maxDirectories = 256;

const describe = (stats: BigIntStats | undefined): string => (stats === undefined ? '-' : `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`);

function statOrUndefined(file: string): BigIntStats | undefined {
  return statSync(file, { bigint: true, throwIfNoEntry: false });
}

/** The repository's common directory: where a linked work tree's `commondir` file points, else the git dir. */
function commonDirOf(gitDir: string): string {
  try {
    return path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim());
  } catch {
    return gitDir;
  }
}

const isAbsent = (error: unknown): boolean => error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/** The files directly in `dir` (not its directories), or null when it cannot be listed. */
function listFiles(dir: string): string[] | null {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => path.join(dir, entry.name))
      .sort();
  } catch {
    return null;
  }
}

/**
 * Adds `dir` and every directory under it to `found`, depth first. False when they cannot all be
 * listed: more than `budget.left`, or one that cannot be read. A missing `dir` has none.
 */
function listDirectories(dir: string, found: string[], budget: { left: number }): boolean {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    return isAbsent(error);
  }
  if (--budget.left < 0) return false;
  found.push(dir);
  for (const entry of entries) {
    if (entry.isDirectory() && !listDirectories(path.join(dir, entry.name), found, budget)) return false;
  }
  return true;
}

/**
 * The stamp of the repository whose git dir is `gitDir`, or null when it cannot be had cheaply
 * and completely (too many ref directories, or one that cannot be read). Synchronous: a few dozen stats cost less than one trip to the thread pool.
 */
export function readRefStamp(gitDir: string): RefStamp | null {
  const takenMs = Date.now();
  const commonDir = commonDirOf(gitDir);
  const files = listFiles(gitDir);
  if (files === null) return null;
  if (commonDir !== gitDir) {
    const common = listFiles(commonDir);
    if (common === null) return null;
    files.push(...common);
  }
  const directories: string[] = [];
  const budget = { left: maxDirectories };
  for (const root of new Set([path.join(commonDir, 'refs'), path.join(gitDir, 'refs'), path.join(commonDir, 'reftable')])) {
    if (!listDirectories(root, directories, budget)) return null;
  }
  let newestMs = 0;
  const parts: string[] = [];
  for (const entry of [...files, ...directories]) {
    const stats = statOrUndefined(entry);
    if (stats !== undefined) newestMs = Math.max(newestMs, Number((stats.mtimeNs < stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs) / 1_000_000n));
    parts.push(`${entry}=${describe(stats)}`);
  }
  return { entries: parts.join('\n'), newestMs, takenMs };
}

/**
 * Whether nothing moved between `before` and `after`: the same entries, and `before` taken long
 * enough after its newest change that a later change could not have kept the same times.
 */
export function refsUnchanged(before: RefStamp, after: RefStamp): boolean {
  return before.entries === after.entries && before.newestMs <= before.takenMs - settleMs;
}
