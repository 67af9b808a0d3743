import type { DiffPlan } from './diff-plan.js';
import { findMergeBase } from '../git/find-merge-base.js';
import { planCommits } from './plan-commits.js';
import { resolveCommit } from './resolve-commit.js';
import type { GitRunner } from '../git/run-git.js';

/** `the diff against main`: HEAD from its merge base with the branch, as a pull request shows it. */
export async function planAgainst(git: GitRunner, branch: string): Promise<DiffPlan> {
  const [branchSha, head] = await Promise.all([resolveCommit(git, branch), resolveCommit(git, 'HEAD')]);
  const base = await findMergeBase(git, [branchSha, head], [branch, 'HEAD']);
  const plan = await planCommits(git, base, head);
  return { ...plan, kind: 'against', description: `${plan.description}, HEAD against ${branch}` };
}
