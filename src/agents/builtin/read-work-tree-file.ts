import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

const maxFileBytes = 2 * 1024 * 1024;

export type WorkTreeFile = { ok: true; lines: string[] } | { ok: false; reason: string };

/**
 * The lines of `path` in the work tree at `cwd`, read only. A path that leaves the work tree,
 * symbolic links included, is refused: a point's evidence must not make us quote other files.
 */
export async function readWorkTreeFile(cwd: string, path: string): Promise<WorkTreeFile> {
  if (isAbsolute(path) || escapes(resolve(cwd, path), resolve(cwd))) {
    return { ok: false, reason: `${path} is outside the work tree` };
  }
  try {
    const [root, real] = await Promise.all([realpath(cwd), realpath(resolve(cwd, path))]);
    if (escapes(real, root)) return { ok: false, reason: `${path} links outside the work tree` };
    const info = await stat(real);
    if (!info.isFile()) return { ok: false, reason: `${path} is not a file` };
    if (info.size > maxFileBytes) return { ok: false, reason: `${path} is larger than 2 MB` };
    const text = await readFile(real, 'utf8');
    return { ok: true, lines: text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' || code === 'ENOTDIR' ? `${path} does not exist` : `${path} cannot be read (${code ?? 'error'})` };
  }
}

function escapes(path: string, root: string): boolean {
  const fromRoot = relative(root, path);
  return fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot);
}
