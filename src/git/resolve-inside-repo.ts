import { exampleDebateFile } from '../example-debate-file.js';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { resolveRealPath } from './resolve-real-path.js';

/**
 * Turns a path the user gave (relative to `cwd`, or absolute) into the real absolute path of a
 * file inside the work tree at `root`, following symlinks; the file itself need not exist yet.
 * Refuses a path outside the work tree, inside any `.git` (a nested repository's too), or naming a directory.
 */
export async function resolveInsideRepo(root: string, file: string, cwd: string): Promise<string> {
  const realRoot = await realpath(root);
  const resolved = await resolveRealPath(path.resolve(cwd, file));
  const relative = path.relative(realRoot, resolved);
  const refuse = (reason: string, advice: string): ConfigError => new ConfigError(`Cannot use \`${file}\` as the debate file: ${reason}. ${advice}`);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    throw refuse(`it resolves to ${resolved}, outside the work tree ${realRoot}`, 'Choose a path inside the repository.');
  }
  // Any `.git` on the way, a nested repository's or a submodule's too, is git's, not the work tree's.
  if (relative.split(path.sep).some((part) => part.toLowerCase() === '.git')) {
    throw refuse(`it resolves to ${resolved}, inside a git directory`, `Choose a path in the work tree, e.g. \`${exampleDebateFile(file)}\`.`);
  }
  const isDirectory = await stat(resolved).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (isDirectory) {
    throw refuse(`${resolved} is a directory, expected a file`, `Move the directory away, or name a Markdown file with --file, e.g. \`${exampleDebateFile(file)}\`.`);
  }
  return resolved;
}
