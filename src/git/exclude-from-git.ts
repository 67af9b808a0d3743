import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openGit } from './run-git.js';

/**
 * Adds `relativeFile` (relative to the work tree root) to the repository's `info/exclude`, so
 * the debate file is never committed by accident. Returns whether it added the line; a line
 * already there (or a `.gitignore` that ignores it) adds nothing.
 */
export async function excludeFromGit(root: string, relativeFile: string): Promise<boolean> {
  const git = openGit(root);
  const pattern = `/${relativeFile.split(path.sep).join('/')}`;
  if ((await git.tryRun(['check-ignore', '-q', '--', relativeFile])) !== null) return false;
  const exclude = path.resolve(root, (await git.run(['rev-parse', '--git-path', 'info/exclude'])).trim());
  const text = await readFile(exclude, 'utf8').catch(() => '');
  if (text.split(/\r?\n/).includes(pattern)) return false;
  await mkdir(path.dirname(exclude), { recursive: true });
  await appendFile(exclude, `${text === '' || text.endsWith('\n') ? '' : '\n'}# the code-debate file (code-debate adds this line)\n${pattern}\n`);
  return true;
}
