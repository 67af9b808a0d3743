import { randomBytes } from 'node:crypto';
import { link, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { withFileLock } from './file-lock.js';
import { readDebateFile, stateOf, type FileState } from './read-debate-file.js';
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
}

export type AppendResult = { written: true; state: FileState } | { written: false; current: FileState };

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
      if (result !== 'moved' || attempt === maxAttempts) return result === 'moved' ? { written: false, current: await readDebateFile(request.file) } : result;
    }
  });
}

const maxAttempts = 3;

async function tryAppend(request: AppendRequest): Promise<AppendResult | 'moved'> {
  const before = await statOrNull(request.file);
  const current = await readDebateFile(request.file);
  if (current.checksum !== request.expectedChecksum && !request.stillValid(current)) return { written: false, current };
  const bytes = Buffer.concat([current.bytes, Buffer.from(request.render(current), 'utf8')]);
  const temporary = path.join(path.dirname(request.file), `.${path.basename(request.file)}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`);
  let renamed = false;
  try {
    await (request.writeTemporary ?? writeDurably)(temporary, bytes, before?.mode);
    if (!sameFile(before, await statOrNull(request.file))) return 'moved';
    if (before === null) {
      if (!(await linkUnlessTaken(temporary, request.file))) return 'moved';
    } else {
      await rename(temporary, request.file);
      renamed = true;
    }
  } catch (error) {
    throw writeFailure(request.file, error);
  } finally {
    // A renamed temporary file is the file now; any other (linked, or left by a failure) goes.
    if (!renamed) await unlink(temporary).catch(() => undefined);
  }
  await syncDirectory(path.dirname(request.file));
  return { written: true, state: stateOf(bytes) };
}

/** Hard-links `temporary` as `file`; false when a file of that name appeared meanwhile. */
async function linkUnlessTaken(temporary: string, file: string): Promise<boolean> {
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function writeDurably(file: string, bytes: Buffer, mode: number | undefined): Promise<void> {
  const handle = await open(file, 'wx', mode === undefined ? 0o644 : mode & 0o777);
  try {
    // open() applies the umask: set the replaced file's mode exactly, or a 0o664 file becomes 0o644.
    if (mode !== undefined) await handle.chmod(mode & 0o777);
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r').catch(() => null);
  // Some platforms cannot fsync a directory; the rename is still atomic there.
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

async function statOrNull(file: string) {
  try {
    return await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A peer that appended in place between our read and our rename would lose its bytes: check. */
function sameFile(a: Awaited<ReturnType<typeof statOrNull>>, b: Awaited<ReturnType<typeof statOrNull>>): boolean {
  if (a === null || b === null) return a === b;
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
