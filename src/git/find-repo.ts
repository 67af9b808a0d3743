import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, GitError } from '../errors.js';
import { openGit, readGitMessage } from './run-git.js';

/** Where a git work tree lives on disk. */
export interface Repo {
  /** Real path (symlinks resolved) of the top of the work tree. */
  root: string;
  /** Absolute real path of this work tree's git directory (`.git/worktrees/<name>` for a linked one). */
  gitDir: string;
}

const advice = 'Run code-debate inside a git work tree, or pass -C <dir>.';

/** Finds the git work tree that contains `cwd`. */
export async function findRepo(cwd: string): Promise<Repo> {
  const directory = path.resolve(cwd);
  const isDirectory = await stat(directory).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  // A folder that is not there is a mistake on the command line (-C), not something git failed at.
  if (!isDirectory) {
    throw new ConfigError(`Cannot find a git work tree at \`${directory}\`, expected an existing directory. ${advice}`);
  }
  let output: string;
  try {
    output = await openGit(directory).run(['rev-parse', '--show-toplevel', '--absolute-git-dir']);
  } catch (error) {
    const said = readGitMessage(error);
    throw new GitError(`Cannot find a git work tree at \`${directory}\`, expected a directory inside one${said === null ? '' : `: git says "${said}"`}. ${advice}`, {
      cause: error,
    });
  }
  const [root, gitDir] = output.split('\n');
  if (root === undefined || root === '' || gitDir === undefined || gitDir === '') {
    throw new GitError(`Cannot read the work tree of \`${directory}\`, expected two paths from \`git rev-parse\`, got ${JSON.stringify(output)}. ${advice}`);
  }
  return { root: await realpath(root), gitDir: await realpath(gitDir) };
}
