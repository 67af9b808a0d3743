import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Creates `dir` and the folders between it and `base` (the git directory), never `base` or
 * anything above it: when the repository is removed under a running session, a state file written
 * a moment later fails with ENOENT instead of bringing the repository back as an empty shell that
 * hides the removal (and leaves a stray directory behind). `mkdir -p` would recreate it all.
 */
export async function makeStateDir(base: string, dir: string): Promise<void> {
  const relative = path.relative(base, dir);
  if (relative === '') return;
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`Cannot create ${dir}: it is not inside ${base}.`);
  try {
    await mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || path.dirname(dir) === base) throw error;
    await makeStateDir(base, path.dirname(dir));
    await mkdir(dir).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== 'EEXIST') throw again;
    });
  }
}
