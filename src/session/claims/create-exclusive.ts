import { randomBytes } from 'node:crypto';
import { linkSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * Creates `path` holding `content` in one atomic step, or returns false if it exists. The content
 * is written to a private file first and then hard-linked into place, so no reader ever sees the
 * file empty or half-written, and of two processes racing for the same path exactly one wins.
 * A lock or claim is a few hundred bytes: it is written directly, not through the thread pool,
 * whose round trips cost more than the writes.
 */
export async function createExclusive(path: string, content: string): Promise<boolean> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { flag: 'wx' });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // Gone already: nothing to remove.
    }
  }
}
