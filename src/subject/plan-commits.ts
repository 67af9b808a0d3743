import { describeCommits } from '../git/describe-diff.js';
import type { DiffPlan } from './diff-plan.js';
import { countCommits, shortenShas } from '../git/read-commit.js';
import type { GitRunner } from '../git/run-git.js';

/** Full shas of both ends, with the short ones and the commit count for people. */
export async function planCommits(git: GitRunner, base: string, head: string): Promise<Omit<DiffPlan, 'kind'>> {
  const [shortBase = base, shortHead = head] = await shortenShas(git, [base, head]);
  const count = await countCommits(git, base, head);
  return { base, head, compare: [base, head], withUntracked: false, paths: null, description: describeCommits(shortBase, shortHead, count) };
}
