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
  /** Whether this machine lets the way work: the directory refuses, and the user can act. */
  works: boolean;
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
  const succeeds = (attempt: Promise<unknown>) =>
    attempt.then(
      () => true,
      () => false,
    );
  const asUser = { uid: user.uid, gid: user.gid, timeout: 10_000 };
  return (await succeeds(chown(dir, user.uid, user.gid))) && (await succeeds(run(process.execPath, [binPath, '--version'], asUser)));
}

/** Whether a file can be created in `dir`, tried by a process of `user`'s, or of this one. */
async function canCreateIn(dir: string, user: OtherUser | undefined): Promise<boolean> {
  const probe = path.join(dir, 'probe');
  if (user === undefined)
    return writeFile(probe, '').then(
      () => true,
      () => false,
    );
  return run('touch', [probe], { uid: user.uid, gid: user.gid, timeout: 10_000 }).then(
    () => true,
    () => false,
  );
}

/**
 * The ways to make a directory refuse new files for this user, with the error each gives and
 * whether it works on this machine (a test lists the others as skipped).
 */
export async function findUnwritable(): Promise<Unwritable[]> {
  const candidates: Array<Omit<Unwritable, 'works'>> =
    process.getuid?.() === 0
      ? [
          { make: immutable, code: 'EPERM' },
          { make: readOnly, code: 'EACCES', user: nobody },
        ]
      : [{ make: readOnly, code: 'EACCES' }];
  return Promise.all(candidates.map(async (candidate) => ({ ...candidate, works: await works(candidate) })));
}

/** Whether `way` makes a fresh directory refuse a file its user creates, and the undo lets it again. */
async function works(way: Omit<Unwritable, 'works'>): Promise<boolean> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-unwritable-'));
  try {
    if (way.user !== undefined && !(await canActAs(way.user, dir))) return false;
    const undo = await way.make(dir).catch(() => null);
    if (undo === null) return false;
    const refused = !(await canCreateIn(dir, way.user));
    await undo();
    return refused && (await canCreateIn(dir, way.user));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
