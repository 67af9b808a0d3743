import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { installHook } from '../../src/hook/install-hook.js';
import { uninstallHook } from '../../src/hook/uninstall-hook.js';
import { runGit } from '../helpers/git-repo.js';
import { fakeCodeDebatePath, fakeEnv, makeCodeDebateOnPath, makePushSetup, push, readCalls, zeroSha, type PushSetup } from './hook-helpers.js';

// The real lefthook from npm, its binary for this platform picked as the lefthook package's bin script
// does: test/fixtures/lefthook-binary installs those packages without that one's postinstall.
const lefthookPackage = `lefthook-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
const lefthook = createRequire(createRequire(import.meta.url).resolve('lefthook-binary/package.json')).resolve(
  `${lefthookPackage}/bin/lefthook${process.platform === 'win32' ? '.exe' : ''}`,
);
const paths = { nodePath: process.execPath, binPath: fakeCodeDebatePath };
const teamConfig = '# The team\'s hooks; code-debate must not lose this comment.\npre-commit:\n  commands:\n    lint:\n      run: "true"\n';

describe('installHook with lefthook', () => {
  let setup: PushSetup;
  let configFile: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    setup = await makePushSetup();
    configFile = path.join(setup.repo.dir, 'lefthook.yml');
    await writeFile(configFile, teamConfig);
    const bin = await makeCodeDebateOnPath(setup.scratch);
    env = { ...fakeEnv(setup.log), PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, LEFTHOOK_BIN: lefthook };
  });
  afterEach(async () => {
    await setup.repo.cleanup();
  });

  async function lefthookInstall(): Promise<void> {
    await execa(lefthook, ['install'], { cwd: setup.repo.dir, env: { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, LEFTHOOK: undefined }, extendEnv: true });
  }

  test('leaves lefthook.yml alone and gives the entry; with it, a real push runs code-debate with the arguments and the input', async () => {
    const result = await installHook({ cwd: setup.repo.dir, ...paths });
    expect(result).toEqual({
      kind: 'lefthook',
      configFile,
      entry: "pre-push:\n  commands:\n    code-debate:\n      run: code-debate pre-push '{1}' '{2}'\n      use_stdin: true\n",
      present: false,
    });
    expect(await readFile(configFile, 'utf8')).toBe(teamConfig);
    if (result.kind !== 'lefthook') throw new Error('expected lefthook');

    await writeFile(configFile, `${teamConfig}${result.entry}`);
    await lefthookInstall();
    // A remote whose path has a space: lefthook does not quote {2} itself.
    const remote = path.join(setup.scratch, 'the remote.git');
    await runGit(setup.scratch, 'init', '-q', '--bare', remote);
    await setup.repo.git('remote', 'set-url', 'origin', remote);
    const outcome = await push(setup.repo.dir, ['origin', 'main'], env);

    expect(outcome.exitCode).toBe(0);
    const sha = await setup.repo.git('rev-parse', 'HEAD');
    expect(await readCalls(setup.log)).toEqual([{ argv: ['pre-push', 'origin', remote], stdin: `refs/heads/main ${sha} refs/heads/main ${zeroSha}\n` }]);
    await expect(installHook({ cwd: setup.repo.dir, ...paths })).resolves.toMatchObject({ kind: 'lefthook', present: true });
  });

  test('a failing code-debate stops the push through lefthook', async () => {
    const result = await installHook({ cwd: setup.repo.dir, ...paths });
    if (result.kind !== 'lefthook') throw new Error('expected lefthook');
    await writeFile(configFile, `${teamConfig}${result.entry}`);
    await lefthookInstall();

    const outcome = await push(setup.repo.dir, ['origin', 'main'], { ...env, FAKE_CODE_DEBATE_EXIT: '1' });

    expect(outcome.exitCode).toBe(1);
    expect(await readCalls(setup.log)).toHaveLength(1);
    expect(await runGit(setup.remote, 'rev-parse', '--verify', '-q', 'refs/heads/main').catch(() => null)).toBeNull();
  });

  test('uninstall does not edit lefthook.yml either: it says the entry to remove', async () => {
    const entry = "pre-push:\n  commands:\n    code-debate:\n      run: code-debate pre-push '{1}' '{2}'\n      use_stdin: true\n";
    await writeFile(configFile, `${teamConfig}${entry}`);

    await expect(uninstallHook({ cwd: setup.repo.dir })).resolves.toEqual({ kind: 'lefthook', configFile, entry, present: true });
    expect(await readFile(configFile, 'utf8')).toBe(`${teamConfig}${entry}`);
  });
});
