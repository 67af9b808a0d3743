import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A filesystem of its own, mounted at a directory, that can be filled up to the last byte. */
export interface SmallDisk {
  /** Writes a file into it until the disk is full (ENOSPC): no new byte fits after. */
  fill(): Promise<void>;
  /** Removes what `fill` wrote. */
  free(): Promise<void>;
  unmount(): Promise<void>;
}

const size = '1m';

/** Mounts a tmpfs of 1 MB at `dir`, made if need be (root only); null where this machine does not allow it. */
export async function mountSmallDisk(dir: string): Promise<SmallDisk | null> {
  if (process.getuid?.() !== 0) return null;
  await mkdir(dir, { recursive: true });
  const mounted = await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]).then(
    () => true,
    () => false,
  );
  if (!mounted) return null;
  const filler = path.join(dir, '.filler');
  return {
    async fill() {
      const handle = await open(filler, 'wx');
      const block = Buffer.alloc(4096, 'x');
      try {
        for (;;) await handle.write(block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        await handle.close();
      }
    },
    free: () => rm(filler, { force: true }),
    // Lazily: a process killed just before may not have let go of the directory yet.
    unmount: async () => void (await run('umount', ['--lazy', dir])),
  };
}

/** Whether this machine lets the tests mount a small disk (root, allowed to mount). */
export async function canMountSmallDisk(): Promise<boolean> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-small-disk-'));
  try {
    const disk = await mountSmallDisk(dir);
    await disk?.unmount();
    return disk !== null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
