import type { CommitInfo } from './read-commit.js';

/** `1 commit`, `3 commits`. */
export function countWords(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `commit 1a2b3c4 "Fix login"`, saying what a root or a merge commit is compared with. */
export function describeCommit(commit: CommitInfo): string {
  const described = `commit ${commit.shortSha} ${JSON.stringify(commit.summary)}`;
  const [firstParent] = commit.shortParents;
  if (firstParent === undefined) return `${described} (root commit, against the empty tree)`;
  if (commit.shortParents.length > 1) return `${described} (merge, against its first parent ${firstParent})`;
  return described;
}

/** `commits 1a2b3c4..5d6e7f8 (3 commits)`, with short shas. */
export function describeCommits(base: string, head: string, count: number): string {
  return `commits ${base}..${head} (${countWords(count, 'commit')})`;
}
