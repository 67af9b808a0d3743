import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { tryResolveCommit } from './resolve-commit.js';
import type { GitRunner } from '../git/run-git.js';

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

/** The path inside `root` that `absolute` names; the last component is not followed, so a symlink is itself. */
async function toRepoPath(root: string, word: string, absolute: string): Promise<string> {
  const parent = path.dirname(absolute);
  const real = parent === absolute ? absolute : path.join(await realpath(parent), path.basename(absolute));
  const relative = path.relative(root, real);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    throw new ConfigError(`Cannot review the path \`${word}\`, expected a path inside the work tree ${root}: it resolves to ${real}. Name files or folders of this repository.`);
  }
  const posix = relative.split(path.sep).join('/');
  if (posix.split('/')[0]?.toLowerCase() === '.git') {
    throw new ConfigError(`Cannot review the path \`${word}\`, expected a path in the work tree: it is inside the git directory. Name files or folders of this repository.`);
  }
  return posix === '' ? '.' : posix;
}

/**
 * The repo-relative paths the user's words name when every word is an existing path (relative
 * to `cwd`), e.g. `src/a.ts src/b.ts` or `src/`; null when a word is no path, or when a single
 * word also names a commit (a branch `docs` beats a folder `docs`). A path outside the work tree
 * is a `ConfigError`.
 */
export async function findSubjectPaths(git: GitRunner, root: string, words: string, cwd: string): Promise<string[] | null> {
  const list = words.split(' ');
  const absolutes = list.map((word) => path.resolve(cwd, word));
  for (const absolute of absolutes) if (!(await exists(absolute))) return null;
  const [single] = list;
  if (list.length === 1 && single !== undefined && !single.startsWith('-') && (await tryResolveCommit(git, single)) !== null) return null;
  const paths: string[] = [];
  for (const [index, absolute] of absolutes.entries()) {
    const relative = await toRepoPath(root, list[index] ?? absolute, absolute);
    if (!paths.includes(relative)) paths.push(relative);
  }
  return paths;
}
