import { rm } from 'node:fs/promises';
import path from 'node:path';
import { GitError } from '../errors.js';
import { runGitProcess } from './run-git.js';

// The person's hooks and LFS downloads are not for a throw-away copy.
const quiet = ['-c', 'core.hooksPath=/dev/null', '-c', 'filter.lfs.smudge=', '-c', 'filter.lfs.process=', '-c', 'filter.lfs.required=false'];

/**
 * The files of `commit` (of the repository at `root`) written into `dir`, and nothing else: no
 * `.git`, no link back to the repository, the person's index untouched (a temporary one is used
 * and removed), so a command run there cannot reach the repository through git.
 */
export async function exportCommit(root: string, commit: string, dir: string): Promise<void> {
  const index = `${dir}.index`;
  const env = { GIT_INDEX_FILE: index };
  try {
    for (const args of [
      ['read-tree', commit],
      ['checkout-index', '--all', '--force', `--prefix=${dir}${path.sep}`],
    ]) {
      const result = await runGitProcess(root, [...quiet, ...args], { env });
      if (result.exitCode !== 0)
        throw new GitError(`Cannot copy the files of ${commit.slice(0, 7)} into ${dir}: \`git ${args.join(' ')}\` failed: ${result.stderr.trim() || `exit ${result.exitCode}`}`);
    }
  } finally {
    await rm(index, { force: true });
  }
}

/** Whether `file` exists in `commit` (of the repository at `root`). */
export async function commitHasPath(root: string, commit: string, file: string): Promise<boolean> {
  return (await runGitProcess(root, ['cat-file', '-e', `${commit}:${file}`])).exitCode === 0;
}
