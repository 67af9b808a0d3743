import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Role } from '../protocol/document.js';

/** Where one debate keeps its coordination files: under the git dir, never in the work tree. */
export interface StatePaths {
  /** The git directory the state lives in: never created by code-debate (see makeStateDir). */
  gitDir: string;
  dir: string;
  /** Directory of the claim files, one per role. */
  claims: string;
  /** Held while a side appends a section. */
  writeLock: string;
  /** Held while a side takes a dead process's claim over. */
  takeoverLock: string;
}

/** The folder under the git directory that holds every debate's state directory. */
export function stateRoot(gitDir: string): string {
  return path.join(gitDir, 'code-debate');
}

/** One state directory per debate file, so two debates in one repository do not meet. */
export function statePaths(gitDir: string, root: string, file: string): StatePaths {
  const relative = path.relative(root, file);
  const key = `${relative.replace(/[^\w.-]+/g, '_').slice(0, 40)}-${createHash('sha256').update(relative).digest('hex').slice(0, 8)}`;
  const dir = path.join(stateRoot(gitDir), key);
  return {
    gitDir,
    dir,
    claims: dir,
    writeLock: path.join(dir, 'write.lock'),
    takeoverLock: path.join(dir, 'takeover.lock'),
  };
}

/** The claim file of one role: `<state dir>/<role>.json`. */
export function claimPath(paths: StatePaths, role: Role): string {
  return path.join(paths.claims, `${role}.json`);
}

/** Where a side records that the debate file lost text it had read (see DamageRecord): `<state dir>/damaged.json`. */
export function damageRecordPath(paths: StatePaths): string {
  return path.join(paths.dir, 'damaged.json');
}
