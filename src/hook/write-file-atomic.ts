import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces `file` with `text` at once: a temp file in the same directory, renamed over it, so git
 * never runs a half-written hook. `mode` is set exactly (open() would apply the umask).
 */
export async function writeFileAtomic(file: string, text: string, mode: number): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', mode);
    try {
      await handle.chmod(mode);
      await handle.writeFile(text, 'utf8');
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
