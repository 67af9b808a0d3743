import { execFile } from 'node:child_process';
import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { appendSection, type AppendRequest } from '../../src/session/append-section.js';
import { DebateFileError } from '../../src/session/debate-file-error.js';
import { checksumOf } from '../../src/session/read-debate-file.js';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { canMountSmallDisk, mountSmallDisk } from './small-disk.js';
import { findUnwritable, type OtherUser } from './unwritable-dir.js';

const run = promisify(execFile);
const tempDir = useTempDir('write-failures');
const repos = useDebateRepos();

const review = '# Code Debate: HEAD\n\n## Review\n\n### R1. A point\n';
const response = '\n---\n\n## Response 1\n\n- R1: **Agreed**\n';

/** A system error as node:fs gives it. */
function systemError(code: string, errno: number, syscall: string, file: string, text: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${text}, ${syscall} '${file}'`), { code, errno, syscall, path: file });
}

/** A disk that takes half of what is written and then fails with `error`. */
function failingDisk(error: (file: string) => NodeJS.ErrnoException): NonNullable<AppendRequest['writeTemporary']> {
  return async (file, bytes) => {
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)), { flag: 'wx' });
    throw error(file);
  };
}

async function setup(initial: string | null) {
  const dir = await tempDir();
  const file = path.join(dir, 'reply.md');
  if (initial !== null) await writeFile(file, initial);
  const request = (overrides: Partial<AppendRequest> = {}): AppendRequest => ({
    file,
    lockPath: path.join(dir, 'write.lock'),
    expectedChecksum: checksumOf(initial ?? ''),
    stillValid: () => false,
    render: () => (initial === null ? review : response),
    ...overrides,
  });
  return { dir, file, request };
}

describe('a write that fails (case 8)', () => {
  it('ENOSPC halfway through: nothing partial appears, no temporary file is left, the lock is released, the error says what to do', async () => {
    const { dir, file, request } = await setup(review);
    const failed = appendSection(request({ writeTemporary: failingDisk((temp) => systemError('ENOSPC', -28, 'write', temp, 'no space left on device')) }));
    await expect(failed).rejects.toBeInstanceOf(DebateFileError);
    const error = (await failed.catch((caught: unknown) => caught)) as DebateFileError;
    expect(error.message).toMatch(
      new RegExp(
        `^Cannot write the next section to ${file}: the disk is full \\(ENOSPC: no space left on device, write '${dir}/\\.reply\\.md\\.\\d+\\.[0-9a-f]+\\.tmp'\\)\\. ` +
          'Nothing was written: the file is as it was, and no temporary file is left\\. ' +
          `Free some space on the disk that holds ${dir}, then start code-debate again: it goes on from the file\\.$`,
      ),
    );
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(await readFile(file, 'utf8')).toBe(review);
    expect(await readdir(dir)).toEqual(['reply.md']);
    // The lock is free: the next write, on a disk with room again, goes through at once.
    expect(await appendSection(request())).toMatchObject({ written: true });
    expect(await readFile(file, 'utf8')).toBe(review + response);
  });

  it('EACCES as the temporary file is created: the same, and the advice is about permissions', async () => {
    const { dir, file, request } = await setup(review);
    const denied = async (temp: string) => {
      throw systemError('EACCES', -13, 'open', temp, 'permission denied');
    };
    const error = (await appendSection(request({ writeTemporary: denied })).catch((caught: unknown) => caught)) as DebateFileError;
    expect(error).toBeInstanceOf(DebateFileError);
    expect(error.message).toContain(`Cannot write the next section to ${file}: permission denied (EACCES: permission denied, open '${dir}/.reply.md.`);
    expect(error.message).toContain(`Let this user read ${file} and create and rename files in ${dir}, then start code-debate again`);
    expect(await readFile(file, 'utf8')).toBe(review);
    expect(await readdir(dir)).toEqual(['reply.md']);
  });

  it('ENOSPC as the file is created: no file appears at all', async () => {
    const { dir, file, request } = await setup(null);
    const failed = appendSection(request({ writeTemporary: failingDisk((temp) => systemError('ENOSPC', -28, 'write', temp, 'no space left on device')) }));
    await expect(failed).rejects.toThrow(/^Cannot write the next section to .*: the disk is full/);
    await expect(access(file)).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it('an error no advice is known for still says what failed and that nothing was written', async () => {
    const { dir, request } = await setup(review);
    const broken = async (temp: string) => {
      throw systemError('EIO', -5, 'fsync', temp, 'i/o error');
    };
    await expect(appendSection(request({ writeTemporary: broken }))).rejects.toThrow(
      /: it failed \(EIO: i\/o error, fsync '.+'\)\. Nothing was written: the file is as it was, and no temporary file is left\. Check that .+ is writable and its disk has space, then start/,
    );
    expect(await readdir(dir)).toEqual(['reply.md']);
  });
});

const unwritable = await findUnwritable();
const smallDisk = await canMountSmallDisk();

/** How a test makes the debate file's directory refuse the next write, and undoes it. */
interface Refusal {
  refuse(): Promise<void>;
  undo(): Promise<void>;
}

/**
 * A Reviewer writes its Review to `file` (relative to the repository) and waits; the refusal set
 * up in the new repository then makes the file's directory refuse the next write. The Responder
 * stops with `error` and exit code 2, leaving the file, its directory, the lock and the claims as
 * they were; once undone, a new Responder goes on from the file, and the debate ends whole: the
 * turn was not lost. With `user`, both processes and their agents run as that user, who then owns
 * the repository and is its home.
 */
async function refusedThenResumed(file: string, error: RegExp, setUp: (repoDir: string) => Promise<Refusal>, user?: OtherUser): Promise<void> {
  const repo = await repos.repo();
  const refusal = await setUp(repo.dir);
  const agent = await repo.script('agent', { review: sampleReview });
  const home = path.dirname(repo.dir);
  if (user !== undefined) await run('chown', ['-R', `${user.uid}:${user.gid}`, home]);
  const env = user === undefined ? {} : { HOME: home };
  const start = () => {
    const side = startCli(['--agent', scriptedAgent(agent.script, agent.log), '--file', file, 'HEAD'], { cwd: repo.dir, env, user });
    repos.onCleanup(async () => {
      side.child.kill('SIGTERM');
      await side.exited;
    });
    return side;
  };
  const reviewer = start();
  await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
  const debateFile = path.join(repo.dir, file);
  const before = await readFile(debateFile);
  await refusal.refuse();
  repos.onCleanup(() => refusal.undo());
  const listing = await readdir(path.dirname(debateFile));
  const exit = await start().exited;
  expect((await readFile(debateFile)).equals(before)).toBe(true);
  expect(await readdir(path.dirname(debateFile))).toEqual(listing);
  await refusal.undo();
  expect(exit.stderr).toMatch(error);
  expect(exit.stderr).toContain('then start code-debate again: it goes on from the file.');
  expect(exit.stderr).not.toContain('internal error');
  expect(exit.code).toBe(2);
  const state = path.join(repo.dir, '.git', 'code-debate');
  // Beside the debate's state, the agents' checkouts (the Reviewer's, still running).
  const [key] = (await readdir(state)).filter((name) => name !== 'checkouts');
  expect(await readdir(path.join(state, key ?? ''))).toEqual(['reviewer.json']);
  const [a, b] = await Promise.all([reviewer.exited, start().exited]);
  expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
  expectEndedWhole(await readFile(debateFile, 'utf8'));
}

describe('a debate whose directory refuses the write (case 8, real processes)', () => {
  const reasons = { EACCES: 'permission denied', EPERM: 'the operation is not permitted' };

  // vitest lists a way this machine does not allow as skipped.
  for (const { make, code, user, works } of unwritable) {
    it.runIf(works)(
      `a directory that refuses new files (${code}, processes run as ${user === undefined ? 'this user' : `uid ${user.uid}`}): the Responder stops with the clear error; the file, the lock and the claims are as before`,
      async () => {
        let undo: () => Promise<void> = async () => undefined;
        await refusedThenResumed(
          'reply.md',
          new RegExp(
            `code-debate: Cannot write the next section to /.+/reply\\.md: ${reasons[code]} \\(${code}: .+, open '/.+/\\.reply\\.md\\.\\d+\\.[0-9a-f]+\\.tmp'\\)\\. ` +
              'Nothing was written: the file is as it was, and no temporary file is left\\. Let this user ',
          ),
          async (dir) => ({
            refuse: async () => void (undo = await make(dir)),
            undo: () => undo(),
          }),
          user,
        );
      },
    );
  }

  it.runIf(smallDisk)('a full disk (ENOSPC, a tmpfs filled up): the Responder stops with the clear error; the file, the lock and the claims are as before', async () => {
    await refusedThenResumed(
      'debate/reply.md',
      new RegExp(`code-debate: Cannot write the next section to /.+/debate/reply\\.md: the disk is full \\(ENOSPC: no space left on device, write\\)\\. Nothing was written`),
      // Only the debate file's directory is on the small disk: the claims and locks under .git still have room.
      async (dir) => {
        const disk = await mountSmallDisk(path.join(dir, 'debate'));
        if (disk === null) throw new Error('the small disk could not be mounted, though the probe could');
        repos.onCleanup(() => disk.unmount());
        return { refuse: () => disk.fill(), undo: () => disk.free() };
      },
    );
  });
});
