import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { binPath } from '../helpers/run-cli.js';

const run = promisify(execFile);

/**
 * Makes a directory refuse new files, really, and returns how to undo it. An ordinary user gets
 * a read-only mode (EACCES); root writes through any mode, so it gets the immutable flag (EPERM),
 * and EACCES by running the processes as another user.
 */
export type MakeUnwritable = (dir: string) => Promise<() => Promise<void>>;

/** A user other than root, that the processes under test run as. */
export interface OtherUser {
  uid: number;
  gid: number;
}

export interface Unwritable {
  make: MakeUnwritable;
  code: 'EACCES' | 'EPERM';
  /** Who the processes must run as for the refusal to hold: this user when absent. */
  user?: OtherUser;
}

/** The user `nobody` of Debian and most other systems. */
const nobody: OtherUser = { uid: 65534, gid: 65534 };

async function immutable(dir: string): Promise<() => Promise<void>> {
  await run('chattr', ['+i', dir]);
  return async () => void (await run('chattr', ['-i', dir]));
}

async function readOnly(dir: string): Promise<() => Promise<void>> {
  await chmod(dir, 0o555);
  return () => chmod(dir, 0o755);
}

/**
 * Whether `user` can own `dir` and run code-debate from this checkout: chown fails where the user
 * is not mapped (a user namespace) or root may not give files away, and a checkout under /root,
 * say, is closed to other users.
 */
async function canActAs(user: OtherUser, dir: string): Promise<boolean> {
  const succeeds = (attempt: Promise<unknown>) => attempt.then(() => true, () => false);
  return (await succeeds(chown(dir, user.uid, user.gid))) && (await succeeds(run(process.execPath, [binPath, '--version'], { uid: user.uid, gid: user.gid })));
}

/** Whether a file can be created in `dir`, tried by a process of `user`'s, or of this one. */
async function canCreateIn(dir: string, user: OtherUser | undefined): Promise<boolean> {
  const probe = path.join(dir, 'probe');
  if (user === undefined) return writeFile(probe, '').then(() => true, () => false);
  return run('touch', [probe], { uid: user.uid, gid: user.gid }).then(() => true, () => false);
}

/** Every way this machine has to make a directory refuse new files, with the error each gives. */
export async function findUnwritable(): Promise<Unwritable[]> {
  const candidates: Unwritable[] =
    process.getuid?.() === 0
      ? [
          { make: immutable, code: 'EPERM' },
          { make: readOnly, code: 'EACCES', user: nobody },
        ]
      : [{ make: readOnly, code: 'EACCES' }];
  const found: Unwritable[] = [];
  for (const candidate of candidates) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-unwritable-'));
    try {
      if (candidate.user !== undefined && !(await canActAs(candidate.user, dir))) continue;
      const undo = await candidate.make(dir).catch(() => null);
      if (undo === null) continue;
      const refused = !(await canCreateIn(dir, candidate.user));
      await undo();
      if (refused && (await canCreateIn(dir, candidate.user))) found.push(candidate);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return found;
}
