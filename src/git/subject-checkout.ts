import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { GitError } from '../errors.js';
import { runGitProcess } from './run-git.js';

// The person's hooks (post-checkout) and their LFS downloads are not for a read-only copy.
const quiet = ['-c', 'core.hooksPath=/dev/null', '-c', 'filter.lfs.smudge=', '-c', 'filter.lfs.process=', '-c', 'filter.lfs.required=false'];

async function git(cwd: string, args: readonly string[], doing: string): Promise<string> {
  const result = await runGitProcess(cwd, [...quiet, ...args]);
  if (result.exitCode !== 0) throw new GitError(`Cannot ${doing}: \`git ${args.join(' ')}\` failed: ${result.stderr.trim() || `exit ${result.exitCode}`}`);
  return result.stdout.trim();
}

/** Whether the repository at `root` has the commit `sha`. */
export async function hasCommit(root: string, sha: string): Promise<boolean> {
  return (await runGitProcess(root, ['cat-file', '-e', `${sha}^{commit}`])).exitCode === 0;
}

/**
 * Keeps the snapshot `sha` of a local subject from git's garbage collection: a ref under
 * refs/code-debate/snapshots/ names it, so `show` checks evidence against it later, the debate
 * archived included. `git update-ref -d` drops it.
 */
export async function pinSnapshot(root: string, sha: string): Promise<void> {
  await git(root, ['update-ref', `refs/code-debate/snapshots/${sha}`, sha], `keep the snapshot ${sha.slice(0, 7)} the debate reviews`);
}

/**
 * A detached work tree of the repository at `root`, in `dir`, holding `commit`: `git worktree add`,
 * which shares the object store (nothing is copied but the files themselves), without running the
 * person's hooks. Its index is refreshed once, so that `git status` in it does not hash again the
 * files written in the same second as the index.
 */
export async function addCheckout(root: string, dir: string, commit: string): Promise<void> {
  await git(root, ['worktree', 'add', '--detach', '--quiet', dir, commit], `make a checkout of ${commit.slice(0, 7)} in ${dir}`);
  await runGitProcess(dir, ['update-index', '-q', '--refresh']);
}

/** Moves the checkout in `dir` to `commit`, dropping whatever was written into it. */
export async function moveCheckout(dir: string, commit: string): Promise<void> {
  await git(dir, ['checkout', '--quiet', '--force', '--detach', commit], `move the checkout in ${dir} to ${commit.slice(0, 7)}`);
  await git(dir, ['clean', '-ffdxq'], `clean the checkout in ${dir}`);
  await runGitProcess(dir, ['update-index', '-q', '--refresh']);
}

/**
 * Removes the checkout in `dir` and its registration in the repository at `root` (whose common
 * git directory is `commonDir`): `git worktree remove`, and when git cannot (the folder half
 * gone), the folder and only the registration that points at it; other work trees are left
 * alone, where `git worktree prune` would drop any whose folder is missing (an unmounted disk).
 */
export async function removeCheckout(root: string, commonDir: string, dir: string): Promise<void> {
  const removed = await runGitProcess(root, ['worktree', 'remove', '--force', '--force', dir]).catch(() => null);
  if (removed?.exitCode === 0) return;
  await rm(dir, { recursive: true, force: true });
  const registry = path.join(commonDir, 'worktrees');
  const names = await readdir(registry).catch(() => [] as string[]);
  for (const name of names) {
    const pointsAt = (await readFile(path.join(registry, name, 'gitdir'), 'utf8').catch(() => '')).trim();
    if (pointsAt !== '' && path.dirname(pointsAt) === dir) await rm(path.join(registry, name), { recursive: true, force: true });
  }
}

/** The repository's common git directory (the main one, for a linked work tree). */
export async function readCommonDir(root: string): Promise<string> {
  return git(root, ['rev-parse', '--path-format=absolute', '--git-common-dir'], `find the git directory of ${root}`);
}
