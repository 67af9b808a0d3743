import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Makes a directory refuse new files, really, and returns how to undo it. An ordinary user gets
 * a read-only mode (EACCES); root writes through any mode, so it gets the immutable flag (EPERM).
 */
export type MakeUnwritable = (dir: string) => Promise<() => Promise<void>>;

async function immutable(dir: string): Promise<() => Promise<void>> {
  await run('chattr', ['+i', dir]);
  return async () => void (await run('chattr', ['-i', dir]));
}

async function readOnly(dir: string): Promise<() => Promise<void>> {
  await chmod(dir, 0o555);
  return () => chmod(dir, 0o755);
}

/** The way this machine can make a directory unwritable for this user, or null when it has none. */
export async function findUnwritable(): Promise<{ make: MakeUnwritable; code: 'EACCES' | 'EPERM' } | null> {
  const candidates = process.getuid?.() === 0 ? [{ make: immutable, code: 'EPERM' as const }] : [{ make: readOnly, code: 'EACCES' as const }];
  for (const candidate of candidates) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-unwritable-'));
    try {
      const undo = await candidate.make(dir).catch(() => null);
      if (undo === null) continue;
      const refused = await writeFile(path.join(dir, 'probe'), '').then(
        () => false,
        () => true,
      );
      await undo();
      if (refused) return candidate;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return null;
}
