import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { installHook } from '../../src/hook/install-hook.js';
import { uninstallHook } from '../../src/hook/uninstall-hook.js';
import { runGit } from '../helpers/git-repo.js';
import { fakeCodeDebatePath, fakeEnv, makePushSetup, newBranchLine, push, readCalls, type PushSetup } from './hook-helpers.js';

const paths = { nodePath: process.execPath, binPath: fakeCodeDebatePath };

/** The commit `branch` points at in the bare remote, or null when it has no such branch. */
async function remoteHead(setup: PushSetup, branch: string): Promise<string | null> {
  return runGit(setup.remote, 'rev-parse', '--verify', '-q', `refs/heads/${branch}`).catch(() => null);
}

async function modeOf(file: string): Promise<number> {
  return (await stat(file)).mode & 0o777;
}

describe('installHook in a repository without a hook manager', () => {
  let setup: PushSetup;
  let hookPath: string;
  beforeEach(async () => {
    setup = await makePushSetup();
    hookPath = path.join(setup.repo.dir, '.git', 'hooks', 'pre-push');
  });
  afterEach(async () => {
    await setup.repo.cleanup();
  });

  test('writes an executable hook that hands code-debate the remote, its URL and every line git gives', async () => {
    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toEqual({ kind: 'written', hookPath });
    expect(await modeOf(hookPath)).toBe(0o755);
    const sha = await setup.repo.git('rev-parse', 'HEAD');
    await setup.repo.git('branch', 'feature');

    const outcome = await push(setup.repo.dir, ['origin', 'main', 'feature'], fakeEnv(setup.log));

    expect(outcome.exitCode).toBe(0);
    const calls = await readCalls(setup.log);
    expect(calls.map((call) => call.argv)).toEqual([['pre-push', 'origin', setup.remote]]);
    expect(calls[0]?.stdin.split(/(?<=\n)/).sort()).toEqual([newBranchLine('feature', sha), newBranchLine('main', sha)]);
    expect(await remoteHead(setup, 'main')).toBe(sha);
  });

  test('a failing code-debate stops the push; --no-verify pushes without running it', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });

    const blocked = await push(setup.repo.dir, ['origin', 'main'], fakeEnv(setup.log, 1));
    expect(blocked.exitCode).toBe(1);
    expect(blocked.output).toContain('failed to push some refs');
    expect(await remoteHead(setup, 'main')).toBeNull();

    const skipped = await push(setup.repo.dir, ['--no-verify', 'origin', 'main'], fakeEnv(setup.log, 1));
    expect(skipped.exitCode).toBe(0);
    expect(await readCalls(setup.log)).toHaveLength(1);
    expect(await remoteHead(setup, 'main')).toBe(await setup.repo.git('rev-parse', 'HEAD'));
  });

  test('CODE_DEBATE_SKIP=1 pushes without running code-debate, and says so', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });

    const outcome = await push(setup.repo.dir, ['origin', 'main'], { ...fakeEnv(setup.log, 1), CODE_DEBATE_SKIP: '1' });

    expect(outcome.exitCode).toBe(0);
    expect(outcome.output).toContain('code-debate: CODE_DEBATE_SKIP=1, the pre-push review is skipped.');
    expect(await readCalls(setup.log)).toEqual([]);
  });

  test('fails open when code-debate is neither where it was installed nor on PATH', async () => {
    await installHook({ cwd: setup.repo.dir, nodePath: process.execPath, binPath: path.join(setup.scratch, 'gone', 'code-debate.js') });
    const pathWithout = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !existsSync(path.join(dir, 'code-debate')))
      .join(path.delimiter);

    const outcome = await push(setup.repo.dir, ['origin', 'main'], { ...fakeEnv(setup.log, 1), PATH: pathWithout });

    expect(outcome.exitCode).toBe(0);
    expect(outcome.output).toContain('code-debate: cannot find code-debate');
    expect(outcome.output).toContain('the pre-push review is skipped');
    expect(await remoteHead(setup, 'main')).toBe(await setup.repo.git('rev-parse', 'HEAD'));
  });

  test('records paths with spaces and quotes as single shell words', async () => {
    const odd = path.join(setup.scratch, "it's a dir", 'code-debate.mjs');
    await mkdir(path.dirname(odd));
    await copyFile(fakeCodeDebatePath, odd);
    await installHook({ cwd: setup.repo.dir, nodePath: process.execPath, binPath: odd });

    const outcome = await push(setup.repo.dir, ['origin', 'main'], fakeEnv(setup.log));

    expect(outcome.exitCode).toBe(0);
    expect((await readCalls(setup.log)).map((call) => call.argv)).toEqual([['pre-push', 'origin', setup.remote]]);
  });

  test('installing again rewrites its own hook with the new paths', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });
    const moved = path.join(setup.scratch, 'moved.mjs');
    await copyFile(fakeCodeDebatePath, moved);

    await expect(installHook({ cwd: setup.repo.dir, nodePath: process.execPath, binPath: moved })).resolves.toEqual({ kind: 'updated', hookPath, savedPath: null });

    expect(await readFile(hookPath, 'utf8')).toContain(`bin='${moved}'\n`);
    expect(existsSync(`${hookPath}.code-debate-saved`)).toBe(false);
  });

  test('uninstall removes the hook; a second uninstall has nothing to do', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });

    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'removed', hookPath, restoredFrom: null });
    expect(existsSync(hookPath)).toBe(false);
    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'not-installed', hookPath });
  });
});

// The team's own hook: records its arguments and input, exits with $FOREIGN_EXIT.
const foreignHook = '#!/bin/sh\n# the team\'s own pre-push hook\n{ printf \'%s\\n\' "$*"; cat; } > "$FOREIGN_LOG"\nexit "${FOREIGN_EXIT:-0}"\n';

describe('installHook next to a hook it did not write', () => {
  let setup: PushSetup;
  let hookPath: string;
  let savedPath: string;
  let foreignLog: string;
  beforeEach(async () => {
    setup = await makePushSetup();
    hookPath = path.join(setup.repo.dir, '.git', 'hooks', 'pre-push');
    savedPath = `${hookPath}.code-debate-saved`;
    foreignLog = path.join(setup.scratch, 'foreign.log');
    await writeFile(hookPath, foreignHook);
    await chmod(hookPath, 0o750);
  });
  afterEach(async () => {
    await setup.repo.cleanup();
  });

  test('keeps it and runs it first, with the same arguments and the same input as code-debate', async () => {
    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toEqual({ kind: 'chained', hookPath, savedPath });
    expect(await readFile(savedPath, 'utf8')).toBe(foreignHook);
    const sha = await setup.repo.git('rev-parse', 'HEAD');
    await setup.repo.git('branch', 'feature');

    const outcome = await push(setup.repo.dir, ['origin', 'main', 'feature'], { ...fakeEnv(setup.log), FOREIGN_LOG: foreignLog });

    expect(outcome.exitCode).toBe(0);
    const calls = await readCalls(setup.log);
    expect(calls.map((call) => call.argv)).toEqual([['pre-push', 'origin', setup.remote]]);
    const lines = calls[0]?.stdin ?? '';
    expect(lines.split(/(?<=\n)/).sort()).toEqual([newBranchLine('feature', sha), newBranchLine('main', sha)]);
    expect(await readFile(foreignLog, 'utf8')).toBe(`origin ${setup.remote}\n${lines}`);
  });

  test('its failure stops the push before code-debate runs, even with CODE_DEBATE_SKIP=1', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });

    for (const skip of [{}, { CODE_DEBATE_SKIP: '1' }]) {
      const outcome = await push(setup.repo.dir, ['origin', 'main'], { ...fakeEnv(setup.log), FOREIGN_LOG: foreignLog, FOREIGN_EXIT: '3', ...skip });
      expect(outcome.exitCode).toBe(1);
      expect(existsSync(foreignLog)).toBe(true);
    }
    expect(await readCalls(setup.log)).toEqual([]);
    expect(await remoteHead(setup, 'main')).toBeNull();
  });

  test('CODE_DEBATE_SKIP=1 still runs it', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });

    const outcome = await push(setup.repo.dir, ['origin', 'main'], { ...fakeEnv(setup.log), FOREIGN_LOG: foreignLog, CODE_DEBATE_SKIP: '1' });

    expect(outcome.exitCode).toBe(0);
    expect(await readFile(foreignLog, 'utf8')).toBe(`origin ${setup.remote}\n${newBranchLine('main', await setup.repo.git('rev-parse', 'HEAD'))}`);
    expect(await readCalls(setup.log)).toEqual([]);
  });

  test('uninstall puts it back byte for byte, with its mode', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });
    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toEqual({ kind: 'updated', hookPath, savedPath });

    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'removed', hookPath, restoredFrom: savedPath });

    expect(await readFile(hookPath, 'utf8')).toBe(foreignHook);
    expect(await modeOf(hookPath)).toBe(0o750);
    expect(existsSync(savedPath)).toBe(false);
  });

  test('uninstall refuses to delete it', async () => {
    const result = await uninstallHook({ cwd: setup.repo.dir });

    expect(result).toEqual({
      kind: 'refused',
      path: hookPath,
      reason: `${hookPath} was not written by code-debate (it has no \`# code-debate pre-push hook\` line), so it was left as it is.`,
    });
    expect(await readFile(hookPath, 'utf8')).toBe(foreignHook);
  });

  test('install refuses when another hook is already kept under the saved name', async () => {
    await writeFile(savedPath, '#!/bin/sh\nexit 0\n');

    const result = await installHook({ cwd: setup.repo.dir, ...paths });

    expect(result).toMatchObject({ kind: 'refused', path: hookPath });
    expect(await readFile(hookPath, 'utf8')).toBe(foreignHook);
    expect(await readFile(savedPath, 'utf8')).toBe('#!/bin/sh\nexit 0\n');
  });
});

describe('installHook where git looks for hooks', () => {
  let setup: PushSetup;
  beforeEach(async () => {
    setup = await makePushSetup();
  });
  afterEach(async () => {
    await setup.repo.cleanup();
  });

  test('a relative core.hooksPath, from a subdirectory too, counts from the top of the work tree', async () => {
    await setup.repo.git('config', 'core.hooksPath', '.githooks');
    await mkdir(path.join(setup.repo.dir, 'src'));
    const hookPath = path.join(setup.repo.dir, '.githooks', 'pre-push');

    await expect(installHook({ cwd: path.join(setup.repo.dir, 'src'), ...paths })).resolves.toEqual({ kind: 'written', hookPath });
    const outcome = await push(setup.repo.dir, ['origin', 'main'], fakeEnv(setup.log));

    expect(outcome.exitCode).toBe(0);
    expect((await readCalls(setup.log)).map((call) => call.argv)).toEqual([['pre-push', 'origin', setup.remote]]);
    expect(existsSync(path.join(setup.repo.dir, '.git', 'hooks', 'pre-push'))).toBe(false);
    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'removed', hookPath, restoredFrom: null });
  });

  test('an absolute core.hooksPath outside the repository', async () => {
    const hooksDir = path.join(setup.scratch, 'shared hooks');
    await setup.repo.git('config', 'core.hooksPath', hooksDir);
    const hookPath = path.join(hooksDir, 'pre-push');

    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toEqual({ kind: 'written', hookPath });
    const blocked = await push(setup.repo.dir, ['origin', 'main'], fakeEnv(setup.log, 1));

    expect(blocked.exitCode).toBe(1);
    expect(await readCalls(setup.log)).toHaveLength(1);
    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'removed', hookPath, restoredFrom: null });
  });

  test('a linked work tree shares the hooks of its main repository', async () => {
    const worktree = path.join(path.dirname(setup.repo.dir), 'second');
    await setup.repo.git('worktree', 'add', '-q', '-b', 'feature', worktree);
    const hookPath = path.join(setup.repo.dir, '.git', 'hooks', 'pre-push');

    await expect(installHook({ cwd: worktree, ...paths })).resolves.toEqual({ kind: 'written', hookPath });
    const outcome = await push(worktree, ['origin', 'feature'], fakeEnv(setup.log));

    expect(outcome.exitCode).toBe(0);
    expect(await readCalls(setup.log)).toEqual([{ argv: ['pre-push', 'origin', setup.remote], stdin: newBranchLine('feature', await setup.repo.git('rev-parse', 'HEAD')) }]);
    await expect(uninstallHook({ cwd: worktree })).resolves.toEqual({ kind: 'removed', hookPath, restoredFrom: null });
  });
});
