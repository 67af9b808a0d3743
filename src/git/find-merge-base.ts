import { GitError } from '../errors.js';
import { areFullShas, rememberCommitFact } from './remember-commit-fact.js';
import type { GitRunner } from './run-git.js';

/** The best common ancestor of two commits, or null when they share no history. */
export async function tryFindMergeBase(git: GitRunner, one: string, other: string): Promise<string | null> {
  const ask = async () => {
    const sha = (await git.tryRun(['merge-base', one, other]))?.trim() ?? '';
    return sha === '' ? null : sha;
  };
  return areFullShas([one, other]) ? rememberCommitFact([git.cwd, 'merge-base', one, other], ask) : ask();
}

/** Like `tryFindMergeBase`, but unrelated histories are a `GitError` naming the revisions the user gave. */
export async function findMergeBase(git: GitRunner, [one, other]: readonly [string, string], [oneName, otherName]: readonly [string, string]): Promise<string> {
  const sha = await tryFindMergeBase(git, one, other);
  if (sha !== null) return sha;
  throw new GitError(
    `Cannot find a merge base of \`${oneName}\` and \`${otherName}\`, expected a commit in their common history: they share none. Review \`${oneName}..${otherName}\` instead.`,
  );
}
