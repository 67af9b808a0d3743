import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asFileAccessError, FileAccessError } from '../src/file-access-error.js';
import { useTempDir } from './helpers/temp-dir.js';

const tempDir = useTempDir('file-access');

/** A system error as node:fs gives it. */
function systemError(code: string, syscall: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: refused, ${syscall} '${file}'`), { code, syscall, path: file });
}

const note = 'code-debate writes the debate file in the work tree and keeps its state in .git/code-debate';

describe('asFileAccessError', () => {
  it('names the folder a new file or folder was refused in, the user, and what to do; the cause is kept', () => {
    const refused = systemError('EACCES', 'mkdir', '/repo/.git/code-debate');
    const error = asFileAccessError(refused, 1234);
    expect(error).toBeInstanceOf(FileAccessError);
    expect(error?.message).toBe(
      `Cannot create the folder /repo/.git/code-debate: permission denied (EACCES, as uid 1234). ${note}, so run it as a user who can write the repository, such as its owner ` +
        '(in a container, `--user "$(id -u):$(id -g)"` run by the owner), or let uid 1234 write /repo/.git.',
    );
    expect(error?.cause).toBe(refused);
  });

  it('names a file that exists itself when opening it was refused, and says "this user" where there are no uids', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'reviewer.json');
    await writeFile(file, '{}');
    expect(asFileAccessError(systemError('EACCES', 'open', file), null)?.message).toContain(`Cannot create or open ${file}: permission denied (EACCES). ${note}`);
    expect(asFileAccessError(systemError('EACCES', 'open', file), null)?.message).toMatch(new RegExp(`or let this user write ${file}\\.$`));
    expect(asFileAccessError(systemError('EACCES', 'open', path.join(dir, 'new.tmp')), 7)?.message).toMatch(new RegExp(`or let uid 7 write ${dir}\\.$`));
  });

  it('points at the flags for EPERM and at the mount for a read-only filesystem', () => {
    expect(asFileAccessError(systemError('EPERM', 'rename', '/repo/.git/code-debate/a.tmp'), 0)?.message).toMatch(
      /let uid 0 write \/repo\/\.git\/code-debate \(check its permissions, and its flags with `lsattr -d`\)\.$/,
    );
    expect(asFileAccessError(systemError('EROFS', 'mkdir', '/repo/.git/code-debate'), 0)?.message).toBe(
      `Cannot create the folder /repo/.git/code-debate: the filesystem is read-only (EROFS, as uid 0). ${note}: mount the repository writable (in a container, \`-v\` without \`:ro\`).`,
    );
  });

  it('leaves other errors alone: another code, a refusal with no path (a signal to a process), or no system error at all', async () => {
    const missing = await mkdir(path.join(await tempDir(), 'a', 'b')).catch((error: unknown) => error);
    expect(asFileAccessError(missing, 0)).toBeNull();
    expect(asFileAccessError(Object.assign(new Error('kill EPERM'), { code: 'EPERM', syscall: 'kill' }), 0)).toBeNull();
    expect(asFileAccessError(new Error('EACCES'), 0)).toBeNull();
    expect(asFileAccessError(null, 0)).toBeNull();
    expect(asFileAccessError('EACCES', 0)).toBeNull();
  });
});
