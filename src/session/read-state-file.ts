import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/** Claims and locks are a few hundred bytes; a bigger file there was not written by code-debate. */
const maxBytes = 64 * 1024;

/**
 * The text of a coordination file under the git directory (a claim, a lock), or null when there
 * is none. Anyone who can write the git directory can plant something there: a FIFO, a device or
 * a symbolic link, that a plain read would block on or follow. Anything but a small regular file
 * reads as '' (it names no process), and reading never blocks or follows a link. It is read
 * directly, not through the thread pool: it is a few hundred bytes.
 */
export async function readStateFile(file: string): Promise<string | null> {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    // ELOOP: a symbolic link; ENXIO: a socket or a FIFO's other end.
    if (code === 'ELOOP' || code === 'ENXIO' || code === 'EMLINK') return '';
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return '';
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}
