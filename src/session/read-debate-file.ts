import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { readFailure } from './debate-file-error.js';

export interface FileState {
  exists: boolean;
  /** The bytes as they are on disk: an append writes these back unchanged, valid UTF-8 or not. */
  bytes: Buffer;
  text: string;
  /** md5 of the bytes, hex, as `md5sum` prints it: the protocol's change detector. */
  checksum: string;
}

export function checksumOf(bytes: Uint8Array | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** The shared file as it is now; an absent file reads as empty. */
export async function readDebateFile(file: string): Promise<FileState> {
  try {
    // A FIFO or a device would block the read forever, or never end: only a regular file is read.
    const kind = await stat(file);
    if (!kind.isFile() && !kind.isDirectory()) throw Object.assign(new Error(`${file} is not a regular file`), { code: 'ENOTFILE' });
    const bytes = await readFile(file);
    return { exists: true, bytes, text: bytes.toString('utf8'), checksum: checksumOf(bytes) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw readFailure(file, error);
    return { exists: false, bytes: Buffer.alloc(0), text: '', checksum: checksumOf('') };
  }
}
