import type { DiffPlan } from './diff-plan.js';
import { readEmptyTree } from '../git/empty-tree.js';
import { shortenShas } from '../git/read-commit.js';
import { tryResolveCommit } from './resolve-commit.js';
import type { GitRunner } from '../git/run-git.js';

/**
 * The staged changes (index against HEAD) or the working tree (files on disk against HEAD,
 * untracked ones included); before the first commit, against the empty tree.
 */
export async function planLocalChanges(git: GitRunner, kind: 'staged' | 'working-tree'): Promise<DiffPlan> {
  const head = await tryResolveCommit(git, 'HEAD');
  const against = head ?? (await readEmptyTree(git));
  const [shortHead] = head === null ? [] : await shortenShas(git, [head]);
  const since = shortHead === undefined ? 'with no commit yet, against the empty tree' : `against HEAD ${shortHead}`;
  const staged = kind === 'staged';
  return {
    kind,
    base: head,
    head: null,
    compare: staged ? ['--cached', against] : [against],
    withUntracked: !staged,
    paths: null,
    description: staged ? `the staged changes, ${since}` : `the working tree, untracked files included, ${since}`,
  };
}
