import type { DiffPlan } from './diff-plan.js';
import { findMergeBase } from '../git/find-merge-base.js';
import { planCommits } from './plan-commits.js';
import { resolveCommit } from './resolve-commit.js';
import type { GitRunner } from '../git/run-git.js';

/** `A..B`: the diff from A to B; `A...B`: from their merge base to B, as `git diff A...B`. */
export async function planRange(git: GitRunner, from: string, to: string, symmetric: boolean): Promise<DiffPlan> {
  const [fromSha, toSha] = await Promise.all([resolveCommit(git, from), resolveCommit(git, to)]);
  const base = symmetric ? await findMergeBase(git, [fromSha, toSha], [from, to]) : fromSha;
  const plan = await planCommits(git, base, toSha);
  const since = symmetric ? `, since the merge base of ${from} and ${to}` : '';
  return { ...plan, kind: 'range', description: `${plan.description}${since}` };
}
