import path from 'node:path';
import { CodeDebateError } from '../errors.js';

/** The debate file could not be read or written (the disk, permissions); nothing was written. */
export class DebateFileError extends CodeDebateError {
  override name = 'DebateFileError';
}

interface Reason {
  what: string;
  advice: (file: string) => string;
}

const reasons: Record<string, Reason> = {
  ENOSPC: { what: 'the disk is full', advice: (file) => `Free some space on the disk that holds ${path.dirname(file)}` },
  EDQUOT: { what: 'the disk quota is used up', advice: (file) => `Free some space within your quota on the disk that holds ${path.dirname(file)}` },
  EACCES: { what: 'permission denied', advice: (file) => `Let this user read ${file} and create and rename files in ${path.dirname(file)}` },
  EPERM: {
    what: 'the operation is not permitted',
    advice: (file) => `Let this user create and rename files in ${path.dirname(file)} (check its permissions, and its flags with \`lsattr -d\`)`,
  },
  EROFS: { what: 'the filesystem is read-only', advice: (file) => `Remount the filesystem that holds ${path.dirname(file)} writable` },
  EISDIR: { what: 'it is a directory', advice: (file) => `Move the directory ${file} away, or name another debate file with --file` },
  ENOTFILE: { what: 'it is not a regular file (a FIFO, a socket or a device)', advice: (file) => `Move ${file} away, or name another debate file with --file` },
};

function describe(file: string, error: unknown): { why: string; advice: string } {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reason = code === undefined ? undefined : reasons[code];
  const detail = error instanceof Error ? error.message : String(error);
  return {
    why: `${reason?.what ?? 'it failed'} (${detail})`,
    advice: reason?.advice(file) ?? `Check that ${path.dirname(file)} is writable and its disk has space`,
  };
}

/** A section could not be written: the file and its directory are as they were. */
export function writeFailure(file: string, error: unknown): DebateFileError {
  const { why, advice } = describe(file, error);
  return new DebateFileError(
    `Cannot write the next section to ${file}: ${why}. Nothing was written: the file is as it was, and no temporary file is left. ` +
      `${advice}, then start code-debate again: it goes on from the file.`,
    { cause: error },
  );
}

/** The file exists but cannot be read. */
export function readFailure(file: string, error: unknown): DebateFileError {
  const { why, advice } = describe(file, error);
  return new DebateFileError(`Cannot read the debate file ${file}: ${why}. ${advice}, then start code-debate again: it goes on from the file.`, { cause: error });
}
