import { describeCommit } from '../git/describe-diff.js';
import type { DiffPlan } from './diff-plan.js';
import { readEmptyTree } from '../git/empty-tree.js';
import { readCommit } from '../git/read-commit.js';
import type { GitRunner } from '../git/run-git.js';
import type { SubjectKind } from './subject.js';

/** One commit against its first parent; a root commit against the empty tree. */
export async function planCommit(git: GitRunner, sha: string, kind: SubjectKind = 'commit'): Promise<DiffPlan> {
  const commit = await readCommit(git, sha);
  const parent = commit.parents[0] ?? null;
  return {
    kind,
    base: parent,
    head: commit.sha,
    compare: [parent ?? (await readEmptyTree(git)), commit.sha],
    withUntracked: false,
    paths: null,
    description: describeCommit(commit),
  };
}
