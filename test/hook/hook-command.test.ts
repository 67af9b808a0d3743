import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runHookCommand } from '../../src/cli/hook-command.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';
import { fakeCodeDebatePath } from './hook-helpers.js';

describe('runHookCommand', () => {
  let repo: GitRepo;
  let written: string;
  const write = (text: string): void => {
    written += text;
  };
  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'a\n' });
    written = '';
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('install and uninstall say what they did, with paths from where they ran', async () => {
    await expect(runHookCommand({ action: 'install', cwd: repo.dir, write, binPath: fakeCodeDebatePath })).resolves.toBe(0);
    expect(written).toBe(
      'code-debate hook install: wrote the pre-push hook .git/hooks/pre-push: git push now runs `code-debate pre-push` first. Skip it for one push with `CODE_DEBATE_SKIP=1 git push`.\n',
    );
    written = '';
    await expect(runHookCommand({ action: 'uninstall', cwd: repo.dir, write })).resolves.toBe(0);
    expect(written).toBe("code-debate hook uninstall: removed code-debate's pre-push hook .git/hooks/pre-push.\n");
  });

  test('by default the hook runs this code-debate with this node', async () => {
    await runHookCommand({ action: 'install', cwd: repo.dir, write });

    const hook = await readFile(path.join(repo.dir, '.git', 'hooks', 'pre-push'), 'utf8');
    expect(hook).toContain(`node='${process.execPath}'\n`);
    expect(hook).toContain(`bin='${fileURLToPath(new URL('../../bin/code-debate.js', import.meta.url))}'\n`);
  });

  test('prints the lefthook entry to add', async () => {
    await writeFile(path.join(repo.dir, 'lefthook.yml'), 'pre-commit:\n');

    await expect(runHookCommand({ action: 'install', cwd: repo.dir, write })).resolves.toBe(0);

    expect(written).toContain(
      "add this entry to it (into the existing pre-push section, if there is one), then run `lefthook install`:\n\npre-push:\n  commands:\n    code-debate:\n      run: code-debate pre-push '{1}' '{2}'\n      use_stdin: true\n",
    );
  });

  test('a refusal exits 2 and says why', async () => {
    await writeFile(path.join(repo.dir, '.git', 'hooks', 'pre-push'), '#!/bin/sh\nexit 0\n');

    await expect(runHookCommand({ action: 'uninstall', cwd: repo.dir, write })).resolves.toBe(2);

    expect(written).toMatch(/^code-debate hook uninstall: nothing was changed\. .*pre-push was not written by code-debate/);
  });

  test('outside a work tree exits 6', async () => {
    const outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-outside-')));
    try {
      await expect(runHookCommand({ action: 'install', cwd: outside, write })).resolves.toBe(6);
      expect(written).toContain('code-debate hook install: Cannot find a git work tree');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
