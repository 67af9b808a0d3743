import path from 'node:path';
import { GitError } from '../errors.js';
import { openGit } from '../git/run-git.js';

/**
 * The directory git runs this work tree's hooks from: `.git/hooks`, the common one for a linked
 * work tree, or `core.hooksPath` (a relative one counts from the top of the work tree).
 */
export async function findHooksDir(root: string): Promise<string> {
  // git prints the path relative to where it ran, so it is resolved against that same directory.
  const output = (await openGit(root).run(['rev-parse', '--git-path', 'hooks'])).trim();
  if (output === '') {
    throw new GitError(`Cannot find the hooks directory of \`${root}\`, expected a path from \`git rev-parse --git-path hooks\`, got nothing.`);
  }
  return path.resolve(root, output);
}

/**
 * Whether this repository's own config sets `core.hooksPath` (the user, husky, another tool): a
 * global or system one is the machine's, and must not decide where this project's hook goes.
 */
export async function hooksPathConfigured(root: string): Promise<boolean> {
  const value = await openGit(root).tryRun(['config', '--local', '--get', 'core.hooksPath']);
  return value !== null && value.trim() !== '';
}
