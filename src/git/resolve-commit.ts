import { GitError } from '../errors.js';
import type { GitRunner } from './run-git.js';

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
  throw new GitError(
    // HEAD names no commit only on a branch that has none yet.
    revision === 'HEAD'
      ? 'Cannot find the commit `HEAD`, expected one: the current branch has no commit yet. Commit first, or review `staged` or `working tree`.'
      : `Cannot find the revision \`${revision}\` in ${git.cwd}, expected a commit, branch or tag. Run \`git log --oneline\` to see the commits.`,
  );
}
