import { editDistance } from '../edit-distance.js';
import { GitError } from '../errors.js';
import type { GitRunner } from '../git/run-git.js';

/** The full sha of the commit `revision` names, or null when it names none. */
export async function tryResolveCommit(git: GitRunner, revision: string): Promise<string | null> {
  const output = await git.tryRun(['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
  const sha = output?.trim() ?? '';
  return sha === '' ? null : sha;
}

/** The full sha of the commit `revision` names; a `GitError` saying what to do when there is none. */
export async function resolveCommit(git: GitRunner, revision: string): Promise<string> {
  const sha = await tryResolveCommit(git, revision);
  if (sha !== null) return sha;
  // HEAD names no commit only on a branch that has none yet.
  if (revision === 'HEAD')
    throw new GitError('Cannot find the commit `HEAD`, expected one: the current branch has no commit yet. Commit first, or review `staged` or `working tree`.');
  const near = await nearRefs(git, revision);
  const hint = near.length === 0 ? 'Run `git log --oneline` to see the commits.' : `Did you mean ${near.map((name) => `\`${name}\``).join(' or ')}?`;
  throw new GitError(`Cannot find the revision \`${revision}\` in ${git.cwd}, expected a commit, branch or tag. ${hint}`);
}

/** The branches and tags whose name is a typo away from `revision` (`mian` → `main`), nearest first, at most three. */
async function nearRefs(git: GitRunner, revision: string): Promise<string[]> {
  const names = await readRefNames(git);
  const limit = revision.length <= 4 ? 1 : 2;
  return names
    .map((name) => ({ name, distance: Math.min(editDistance(revision, name), editDistance(revision, name.replace(/^[^/]+\//, ''))) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map(({ name }) => name);
}

/** The short names of the branches, tags and remote branches (`main`, `v1.2`, `origin/main`). */
export async function readRefNames(git: GitRunner): Promise<string[]> {
  const listed = await git.tryRun(['for-each-ref', '--format=%(refname:short)', 'refs/heads', 'refs/tags', 'refs/remotes']);
  return [...new Set((listed ?? '').split('\n').filter((name) => name !== '' && !name.endsWith('/HEAD')))];
}
