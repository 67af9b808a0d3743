import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { reachFaultPoint } from '../fault-point.js';
import { makeStateDir } from '../make-state-dir.js';
import type { StatePaths } from './state-paths.js';

/** Where the text a change of the debate file took away is kept: under the git directory. */
export function recoveredDir(paths: StatePaths): string {
  return path.join(paths.dir, 'recovered');
}

/**
 * Keeps `text`, the debate file as this side last read it, before a change that was not an
 * append took part of it away: `<state dir>/recovered/<time>-<name>`. Never overwrites an
 * earlier copy. Returns the copy's path.
 */
export async function saveOverwritten(paths: StatePaths, file: string, bytes: Uint8Array, now = new Date()): Promise<string> {
  const dir = recoveredDir(paths);
  await reachFaultPoint('save-overwritten');
  await makeStateDir(paths.gitDir, dir);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (;;) {
    const suffix = randomBytes(3).toString('hex');
    const target = path.join(dir, `${stamp}-${suffix}-${path.basename(file)}`);
    try {
      await writeFile(target, bytes, { flag: 'wx' });
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
