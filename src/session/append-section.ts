import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fstatSync, fsync, linkSync, openSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { withFileLock } from './claims/file-lock.js';
import { readDebateFile, stateOf, type FileMemory, type FileState } from './read-debate-file.js';
import { writeFailure } from './debate-file-error.js';

export interface AppendRequest {
  file: string;
  lockPath: string;
  /** The checksum the decision to write was made on. */
  expectedChecksum: string;
  /** Asked when the file changed since the decision: is this write still the right one? */
  stillValid(current: FileState): boolean;
  /** The text to add after `current.text`. */
  render(current: FileState): string;
  /** Writes and syncs the temporary file (default: the disk); tests put a failing disk here. */
  writeTemporary?: (file: string, bytes: Buffer, mode: number | undefined) => Promise<void>;
  /** The writing side's memory of its reads (see readDebateFile); absent: the file is read whole. */
  memory?: FileMemory;
}

/** `remoteMs`: how long the write waited for a remote to take it (--remote). */
export type AppendResult = { written: true; state: FileState; remoteMs?: number } | { written: false; current: FileState };

/** One section to append, wherever the debate lives (see DebateStore.append). */
export interface SectionAppend extends Pick<AppendRequest, 'expectedChecksum' | 'stillValid' | 'render'> {
  /** What the section is, for a commit's message on a remote, e.g. `## Response 2 (responder)`. */
  message?: string;
  /** The section's heading, e.g. `Response 2`, for what a message says of it. */
  heading?: string;
  /** Who writes it, e.g. `reviewer`: the commit's author on a remote. */
  who?: string;
}

/**
 * Compare-and-swap append: under the write lock, re-read the file, check it is still the one
 * the decision was made on (or that the decision still holds), write old content + new section
 * to a temporary file, fsync it, and rename it over the file (link it, when creating the file,
 * so a file another writer created meanwhile is never replaced). The old bytes are kept as they
 * are; readers never see a half-written file. A write that fails (a full disk, no permission)
 * leaves the file and its directory as they were and throws a DebateFileError.
 */
export async function appendSection(request: AppendRequest): Promise<AppendResult> {
  // Longer than a lock's stale age (30 s): a holder stopped with Ctrl-Z is waited out, then broken.
  return withFileLock(request.lockPath, { timeoutMs: 40_000 }, async () => {
    for (let attempt = 1; ; attempt++) {
      const result = await tryAppend(request);
      // A file touched between our read and our rename is read again, and the section still
      // written if the decision holds: an editor's autosave must not cost an agent's turn.
      if (result !== 'moved' || attempt === maxAttempts) return result === 'moved' ? { written: false, current: await readDebateFile(request.file, request.memory) } : result;
    }
  });
}

const maxAttempts = 3;

/**
 * The steps of an append are local filesystem calls of microseconds, made directly: through the
 * thread pool, each took a round trip to it (about 0.1 ms, twenty of them a turn). Only the two
 * fsyncs, which wait for the disk, go through it, so the process still answers Ctrl-C then.
 */
async function tryAppend(request: AppendRequest): Promise<AppendResult | 'moved'> {
  const before = statOrNull(request.file);
  const current = await readDebateFile(request.file, request.memory);
  if (current.checksum !== request.expectedChecksum && !request.stillValid(current)) return { written: false, current };
  const bytes = Buffer.concat([current.bytes, Buffer.from(request.render(current), 'utf8')]);
  const temporary = path.join(path.dirname(request.file), `.${path.basename(request.file)}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`);
  let renamed = false;
  try {
    await (request.writeTemporary ?? writeDurably)(temporary, bytes, before?.mode);
    if (!sameFile(before, statOrNull(request.file))) return 'moved';
    if (before === null) {
      if (!linkUnlessTaken(temporary, request.file)) return 'moved';
    } else {
      renameSync(temporary, request.file);
      renamed = true;
    }
  } catch (error) {
    throw writeFailure(request.file, error);
  } finally {
    // A renamed temporary file is the file now; any other (linked, or left by a failure) goes.
    if (!renamed) removeQuietly(temporary);
  }
  await syncDirectory(path.dirname(request.file));
  return { written: true, state: stateOf(bytes, request.memory) };
}

const fsyncAsync = promisify(fsync);

/** Hard-links `temporary` as `file`; false when a file of that name appeared meanwhile. */
function linkUnlessTaken(temporary: string, file: string): boolean {
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function writeDurably(file: string, bytes: Buffer, mode: number | undefined): Promise<void> {
  const fd = openSync(file, 'wx', mode === undefined ? 0o644 : mode & 0o777);
  try {
    // open() applies the umask: set the replaced file's mode exactly, or a 0o664 file becomes 0o644.
    if (mode !== undefined && (fstatSync(fd).mode & 0o777) !== (mode & 0o777)) fchmodSync(fd, mode & 0o777);
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
    await fsyncAsync(fd);
  } finally {
    closeSync(fd);
  }
}

async function syncDirectory(directory: string): Promise<void> {
  let fd: number;
  try {
    fd = openSync(directory, 'r');
  } catch {
    return;
  }
  // Some platforms cannot fsync a directory; the rename is still atomic there.
  await fsyncAsync(fd).catch(() => undefined);
  closeSync(fd);
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone, or never made: nothing to remove.
  }
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A peer that appended in place between our read and our rename would lose its bytes: check. */
function sameFile(a: Stats | null, b: Stats | null): boolean {
  if (a === null || b === null) return a === b;
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
