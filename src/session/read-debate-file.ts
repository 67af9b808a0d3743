import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, statSync, type Stats } from 'node:fs';
import type { Growth } from '../protocol/reading/debate-reader.js';
import { readFailure } from './debate-file-error.js';

export interface FileState {
  exists: boolean;
  /** The bytes as they are on disk: an append writes these back unchanged, valid UTF-8 or not. */
  bytes: Buffer;
  text: string;
  /** md5 of the bytes, hex, as `md5sum` prints it: the protocol's change detector. */
  checksum: string;
  /**
   * What stands at the file's path instead of a regular file (`a symbolic link to x.md`): never
   * read through, never a turn, and a change of its history (see historyChangeOf). The state is
   * then that of an absent file.
   */
  replacedBy?: string;
  /** How `text` was built from the text of the read before, when it was (see stateOf): a reader of `text` need not read it whole (see DebateReader.parse). */
  growth?: Growth;
}

export function checksumOf(bytes: Uint8Array | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

/**
 * The shared file as it is now; an absent file reads as empty. With the `memory` of a side that
 * read it before, bytes that extend its last read are decoded and hashed from where that read
 * ended (see stateOf); without, the file is read whole.
 */
export async function readDebateFile(file: string, memory: FileMemory = createFileMemory()): Promise<FileState> {
  // The path was resolved once, at start-up, to a regular file: a link put there since is not followed.
  const link = linkAt(file);
  if (link !== null) return { exists: false, bytes: Buffer.alloc(0), text: '', checksum: checksumOf(`\0link ${link}`), replacedBy: `a symbolic link to ${link}` };
  try {
    return stateOf(readRegularFile(file), memory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw readFailure(file, error);
    return { exists: false, bytes: Buffer.alloc(0), text: '', checksum: checksumOf('') };
  }
}

/**
 * The bytes of `file`, read at once, not on the thread pool: a turn reads the file several times
 * and each asynchronous read took three or four round trips to it (stat, open, read, close), more
 * than reading a file of megabytes from the page cache costs. A FIFO or a device would block the
 * read forever, or never end, and opening some devices does something (a tape rewinds): only a
 * regular file is opened, and only what was opened is read (the stat and the open are two steps,
 * so what was opened is checked again). It is opened without waiting for a FIFO's writer, should
 * one take the file's place in between; a directory fails with EISDIR.
 */
function readRegularFile(file: string): Buffer {
  if (!isReadable(statSync(file))) throw notRegular(file);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    // ENXIO: a Unix socket put in the file's place since the stat.
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') throw notRegular(file);
    throw error;
  }
  try {
    if (!isReadable(fstatSync(fd))) throw notRegular(file);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A regular file, or a directory (whose read fails with EISDIR, the error to report). */
function isReadable(kind: Stats): boolean {
  return kind.isFile() || kind.isDirectory();
}

/** The target of the symbolic link at `file`, or null when none is there. */
function linkAt(file: string): string | null {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : null;
  } catch {
    return null;
  }
}

function notRegular(file: string): Error {
  return Object.assign(new Error(`${file} is not a regular file`), { code: 'ENOTFILE' });
}

/**
 * The end of the file's text, decoded from its last bytes: what a reader of how the file ends (a
 * signature, a blank line) needs, without reading the text whole (see appendedTo). At least
 * `bytes` bytes; the first character may be cut (it decodes as U+FFFD); the whole text when the
 * file is no longer than that, or when that much of its end is blank (the end's shape is then
 * read from the whole).
 */
export function textEnd(state: FileState, bytes = 4096): string {
  if (state.bytes.length <= bytes) return state.text;
  const end = state.bytes.subarray(state.bytes.length - bytes).toString('utf8');
  return /\S/.test(end) ? end : state.text;
}

/**
 * What one reader of the debate file (a side) remembers of its last read: the bytes, their text,
 * and an md5 fed with them and never finished. The file only grows, and every turn reads it
 * several times, so bytes that extend these are decoded and hashed from where these end (copying
 * the md5's state), not from the start. Megabytes read per turn become the few kilobytes appended.
 */
export interface FileMemory {
  last: { bytes: Buffer; text: string; hash: Hash; growth: Growth | undefined } | null;
}

export function createFileMemory(): FileMemory {
  return { last: null };
}

/**
 * The state of a file holding `bytes`: its text and checksum, reusing `memory`'s last read where
 * `bytes` extend it (without a memory, read whole).
 */
export function stateOf(bytes: Buffer, memory: FileMemory = createFileMemory()): FileState {
  const previous = memory.last;
  let text: string;
  let hash: Hash;
  let growth: Growth | undefined;
  if (previous !== null && extendsBytes(bytes, previous.bytes)) {
    const appended = bytes.subarray(previous.bytes.length);
    const added = appended.toString('utf8');
    text = added === '' ? previous.text : previous.text + added;
    // A read of the same bytes again keeps how `previous.text` was built, for its readers still to come.
    growth = added === '' ? previous.growth : { prefix: previous.text, appended: added };
    hash = previous.hash.copy().update(appended);
  } else {
    text = bytes.toString('utf8');
    hash = createHash('md5').update(bytes);
  }
  memory.last = { bytes, text, hash, growth };
  return { exists: true, bytes, text, checksum: hash.copy().digest('hex'), ...(growth === undefined ? {} : { growth }) };
}

/**
 * Whether `bytes` begin with `prefix`, and `prefix` ends where a character does (an ASCII byte:
 * the files end with a newline), so the bytes after it decode alone to the same text.
 */
function extendsBytes(bytes: Buffer, prefix: Buffer): boolean {
  const length = prefix.length;
  if (length === 0 || bytes.length < length || (prefix[length - 1] ?? 0x80) >= 0x80) return false;
  return bytes.compare(prefix, 0, length, 0, length) === 0;
}
