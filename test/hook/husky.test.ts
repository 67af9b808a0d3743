import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runHookCommand } from '../../src/cli/hook-command.js';
import { installHook } from '../../src/hook/install-hook.js';
import { uninstallHook } from '../../src/hook/uninstall-hook.js';
import { fakeCodeDebatePath, fakeEnv, makeCodeDebateOnPath, makePushSetup, newBranchLine, push, readCalls, type PushSetup } from './hook-helpers.js';

// The real husky from npm, run as `npx husky` runs it: its bin next to its entry point.
const huskyBin = path.join(path.dirname(createRequire(import.meta.url).resolve('husky')), 'bin.js');
const paths = { nodePath: process.execPath, binPath: fakeCodeDebatePath };

describe('installHook with husky', () => {
  let setup: PushSetup;
  let file: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    setup = await makePushSetup();
    file = path.join(setup.repo.dir, '.husky', 'pre-push');
    await execa(process.execPath, [huskyBin], { cwd: setup.repo.dir, env: { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, HUSKY: undefined }, extendEnv: true });
    // husky's hook finds `code-debate` on PATH, as it would in node_modules/.bin.
    const bin = await makeCodeDebateOnPath(setup.scratch);
    env = { ...fakeEnv(setup.log), PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  });
  afterEach(async () => {
    await setup.repo.cleanup();
  });

  test('husky set core.hooksPath into .husky/_; install creates .husky/pre-push, which a real push runs', async () => {
    expect(await setup.repo.git('config', 'core.hooksPath')).toBe('.husky/_');

    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toEqual({ kind: 'husky', file, change: 'created' });
    expect((await stat(file)).mode & 0o777).toBe(0o755);
    expect(existsSync(path.join(setup.repo.dir, '.git', 'hooks', 'pre-push'))).toBe(false);
    const outcome = await push(setup.repo.dir, ['origin', 'main'], env);

    expect(outcome.exitCode).toBe(0);
    expect(await readCalls(setup.log)).toEqual([{ argv: ['pre-push', 'origin', setup.remote], stdin: newBranchLine('main', await setup.repo.git('rev-parse', 'HEAD')) }]);
  });

  test('a failing code-debate stops the push through husky; CODE_DEBATE_SKIP=1 and --no-verify let it through', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });

    const blocked = await push(setup.repo.dir, ['origin', 'main'], { ...env, FAKE_CODE_DEBATE_EXIT: '1' });
    expect(blocked.exitCode).toBe(1);
    expect(blocked.output).toContain('husky - pre-push script failed (code 1)');

    const skipped = await push(setup.repo.dir, ['origin', 'main'], { ...env, FAKE_CODE_DEBATE_EXIT: '1', CODE_DEBATE_SKIP: '1' });
    expect(skipped.exitCode).toBe(0);
    expect(skipped.output).toContain('code-debate: CODE_DEBATE_SKIP=1, the pre-push review is skipped.');
    expect(await readCalls(setup.log)).toHaveLength(1);

    await setup.repo.commit('Second');
    const unverified = await push(setup.repo.dir, ['--no-verify', 'origin', 'main'], { ...env, FAKE_CODE_DEBATE_EXIT: '1' });
    expect(unverified.exitCode).toBe(0);
    expect(await readCalls(setup.log)).toHaveLength(1);
  });

  test('fails open when code-debate is not on PATH', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });
    const pathWithout = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !existsSync(path.join(dir, 'code-debate')))
      .join(path.delimiter);

    const outcome = await push(setup.repo.dir, ['origin', 'main'], { ...env, PATH: pathWithout });

    expect(outcome.exitCode).toBe(0);
    expect(outcome.output).toContain('code-debate: not found on PATH, the pre-push review is skipped.');
  });

  test("appends to the team's pre-push file, runs after it, and uninstall leaves the file as it was", async () => {
    const team = 'echo "team check ran" >&2\n';
    await writeFile(file, team);

    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toEqual({ kind: 'husky', file, change: 'appended' });
    const text = await readFile(file, 'utf8');
    expect(text.startsWith(`${team}\n# >>> code-debate pre-push hook`)).toBe(true);
    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toEqual({ kind: 'husky', file, change: 'updated' });
    expect(await readFile(file, 'utf8')).toBe(text);

    const outcome = await push(setup.repo.dir, ['origin', 'main'], env);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.output).toContain('team check ran');
    expect(await readCalls(setup.log)).toHaveLength(1);

    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'husky', file, change: 'removed' });
    expect(await readFile(file, 'utf8')).toBe(team);
    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'husky', file, change: 'not-installed' });
  });

  test('uninstall deletes the file it created when nothing else is in it', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });

    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'husky', file, change: 'deleted' });

    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(setup.repo.dir, '.husky', '_', 'pre-push'))).toBe(true);
  });

  test('uninstall keeps the file it created once someone added to it', async () => {
    await installHook({ cwd: setup.repo.dir, ...paths });
    await writeFile(file, `${await readFile(file, 'utf8')}npm test\n`);

    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'husky', file, change: 'removed' });

    expect(await readFile(file, 'utf8')).toBe('#!/usr/bin/env sh\nnpm test\n');
  });

  test('.husky/ present but core.hooksPath set elsewhere: installs where git runs hooks, and a real push runs it', async () => {
    await setup.repo.git('config', 'core.hooksPath', 'myhooks');

    const result = await installHook({ cwd: setup.repo.dir, ...paths });
    expect(result).toEqual({ kind: 'written', hookPath: path.join(setup.repo.dir, 'myhooks', 'pre-push') });
    expect(existsSync(file)).toBe(false);
    const outcome = await push(setup.repo.dir, ['origin', 'main'], env);
    expect(outcome.exitCode).toBe(0);
    expect(await readCalls(setup.log)).toHaveLength(1);
    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toMatchObject({ kind: 'removed', hookPath: path.join(setup.repo.dir, 'myhooks', 'pre-push') });
  });

  test('warns at install when the hook husky runs would not find code-debate on PATH', async () => {
    let said = '';
    const bare = { PATH: '/usr/bin:/bin' };
    await runHookCommand({ action: 'install', cwd: setup.repo.dir, write: (text) => (said += text), binPath: fakeCodeDebatePath, env: bare });
    expect(said).toContain('warning: husky runs `code-debate` from PATH, and it is neither on PATH here nor in node_modules/.bin');
    said = '';
    await runHookCommand({ action: 'install', cwd: setup.repo.dir, write: (text) => (said += text), binPath: fakeCodeDebatePath, env });
    expect(said).not.toContain('warning');
  });

  test('writes .husky/pre-push for a project whose clone has not run husky yet', async () => {
    await setup.repo.git('config', '--unset', 'core.hooksPath');

    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toEqual({ kind: 'husky', file, change: 'created' });
    expect(existsSync(path.join(setup.repo.dir, '.git', 'hooks', 'pre-push'))).toBe(false);
  });
});
