import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces `file` with `content` at once: a temp file in the same directory, synced, then renamed
 * over it, so no reader ever sees half of it (git a half-written hook, a person a half-written
 * mirror). `mode` is set exactly (open() would apply the umask).
 */
export async function writeFileAtomic(file: string, content: string | Uint8Array, mode: number): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', mode);
    try {
      await handle.chmod(mode);
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
