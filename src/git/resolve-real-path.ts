import { lstat, readlink } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../errors.js';

// The same bound Linux puts on symlinks followed while resolving one path.
const maxSymlinks = 40;
const separators = path.sep === '\\' ? /[\\/]/ : /\//;

async function lstatOrNull(file: string): Promise<Awaited<ReturnType<typeof lstat>> | null> {
  try {
    return await lstat(file);
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return null;
    throw error;
  }
}

/**
 * Like `realpath`, but the path need not exist: every existing component is resolved, symlinks
 * included (a dangling one too, since writing through it would create its target), and the
 * missing rest is appended as written.
 */
export async function resolveRealPath(file: string): Promise<string> {
  const absolute = path.resolve(file);
  let followed = 0;
  const walk = async (start: string, parts: string[]): Promise<string> => {
    let current = start;
    for (const [index, part] of parts.entries()) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        current = path.dirname(current);
        continue;
      }
      const next = path.join(current, part);
      const stats = await lstatOrNull(next);
      if (stats === null) return path.join(next, ...parts.slice(index + 1));
      if (!stats.isSymbolicLink()) {
        current = next;
        continue;
      }
      followed += 1;
      if (followed > maxSymlinks) {
        throw new ConfigError(`Cannot resolve \`${file}\`, expected a path without a symlink loop. Remove the loop.`);
      }
      const target = await readlink(next);
      current = await walk(path.isAbsolute(target) ? path.parse(target).root : current, target.split(separators));
    }
    return current;
  };
  return walk(path.parse(absolute).root, absolute.split(separators));
}
