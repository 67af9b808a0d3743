import { copyFile, rm } from 'node:fs/promises';
import { GitError } from '../errors.js';
import { runGitProcess } from '../git/run-git.js';
import type { Subject } from './subject.js';

/** Who the snapshot commits are by: a repository without `user.name` must still get its checkout. */
const identity = {
  GIT_AUTHOR_NAME: 'code-debate',
  GIT_AUTHOR_EMAIL: 'code-debate@localhost',
  GIT_COMMITTER_NAME: 'code-debate',
  GIT_COMMITTER_EMAIL: 'code-debate@localhost',
};

/**
 * A commit holding a local subject as it is now: for `staged`, the index; for `working tree`,
 * the files on disk, untracked ones included (not those git ignores); for paths, HEAD with the
 * subject's changed files as they are on disk. Built in a scratch index at `scratch` (a path under
 * the git directory), so neither the person's index nor their work tree is touched: the commit and
 * its objects join the object store, and no ref names it.
 */
export async function commitLocalChanges(root: string, subject: Pick<Subject, 'kind' | 'base' | 'files'>, scratch: string): Promise<string> {
  const git = async (args: readonly string[], input?: string): Promise<string> => {
    const result = await runGitProcess(root, args, { env: { ...identity, GIT_INDEX_FILE: scratch }, ...(input === undefined ? {} : { input }) });
    if (result.exitCode !== 0) {
      throw new GitError(`Cannot snapshot ${subject.kind} for the agents' checkout: \`git ${args.join(' ')}\` failed: ${result.stderr.trim() || `exit ${result.exitCode}`}`);
    }
    return result.stdout.trim();
  };
  try {
    if (subject.kind === 'paths') {
      await git(subject.base === null ? ['read-tree', '--empty'] : ['read-tree', subject.base]);
      const listed = subject.files.map((file) => `${file}\0`).join('');
      if (listed !== '') await git(['--literal-pathspecs', 'add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], listed);
    } else {
      // A copy of the index keeps its stat data: `add -A` then hashes only the files that changed.
      const index = await git(['rev-parse', '--path-format=absolute', '--git-path', 'index']);
      const copied = await copyFile(index, scratch).then(
        () => true,
        () => false,
      );
      if (!copied) await git(subject.base === null ? ['read-tree', '--empty'] : ['read-tree', subject.base]);
      if (subject.kind === 'working-tree') await git(['add', '-A']);
    }
    const tree = await git(['write-tree']);
    const message = `code-debate: ${subject.kind} as reviewed`;
    return await git(['commit-tree', tree, ...(subject.base === null ? [] : ['-p', subject.base]), '-m', message]);
  } finally {
    await rm(scratch, { force: true });
    await rm(`${scratch}.lock`, { force: true });
  }
}
