import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** Claims and locks are a few hundred bytes; a bigger file there was not written by code-debate. */
const maxBytes = 64 * 1024;

/**
 * The text of a coordination file under the git directory (a claim, a lock), or null when there
 * is none. Anyone who can write the git directory can plant something there: a FIFO, a device or
 * a symbolic link, that a plain read would block on or follow. Anything but a small regular file
 * reads as '' (it names no process), and reading never blocks or follows a link.
 */
export async function readStateFile(file: string): Promise<string | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    // ELOOP: a symbolic link; ENXIO: a socket or a FIFO's other end.
    if (code === 'ELOOP' || code === 'ENXIO' || code === 'EMLINK') return '';
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > maxBytes) return '';
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
