import { existsSync } from 'node:fs';
import path from 'node:path';
import { CodeDebateError } from './errors.js';

/** A file or folder code-debate must create or change refuses this user: permissions, or a read-only filesystem. */
export class FileAccessError extends CodeDebateError {
  override name = 'FileAccessError';
}

const refusals: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the filesystem is read-only',
};

/** What node:fs was doing, by its `syscall`, as a user would say it. */
const actions: Record<string, string> = {
  mkdir: 'create the folder',
  open: 'create or open',
  rename: 'rename',
  unlink: 'remove',
  rmdir: 'remove the folder',
  copyfile: 'copy',
  scandir: 'list the folder',
  utime: 'set the time of',
  chmod: 'change the mode of',
};

/** Calls refused by the file's own mode when it exists; the others (and a file being created) by its folder's. */
const ownMode: ReadonlySet<string> = new Set(['open', 'utime', 'chmod']);

const stateNote = 'code-debate writes the debate file in the work tree and keeps its state in .git/code-debate';

/**
 * `error` as a FileAccessError when it is node:fs refusing a path (EACCES, EPERM, EROFS), else
 * null; `uid` is the user's, null where the platform has none. Any of the places that write the
 * work tree or .git/code-debate (claims, locks, snapshots, the archive) meets it first when the
 * user is not the repository's, as a container run with another `--user` is: it is recognised
 * once, where errors are reported, not at each place.
 */
export function asFileAccessError(error: unknown, uid: number | null = process.getuid?.() ?? null): FileAccessError | null {
  const { code, path: file, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  const refusal = code === undefined ? undefined : refusals[code];
  if (refusal === undefined || typeof file !== 'string' || typeof syscall !== 'string') return null;
  const failed = `Cannot ${actions[syscall] ?? syscall} ${file}: ${refusal} (${code}${uid === null ? '' : `, as uid ${uid}`}).`;
  if (code === 'EROFS') return new FileAccessError(`${failed} ${stateNote}: mount the repository writable (in a container, \`-v\` without \`:ro\`).`, { cause: error });
  const target = ownMode.has(syscall) && existsSync(file) ? file : path.dirname(file);
  const who = uid === null ? 'this user' : `uid ${uid}`;
  const flags = code === 'EPERM' ? ` (check its permissions, and its flags with \`lsattr -d\`)` : '';
  return new FileAccessError(
    `${failed} ${stateNote}, so run it as a user who can write the repository, such as its owner ` +
      `(in a container, \`--user "$(id -u):$(id -g)"\` run by the owner), or let ${who} write ${target}${flags}.`,
    { cause: error },
  );
}
