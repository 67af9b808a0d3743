import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError, GitError } from '../../src/errors.js';
import { findRepo } from '../../src/git/find-repo.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

describe('findRepo', () => {
  let repo: GitRepo;
  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/a.ts': 'export {};\n' });
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('finds the top of the work tree from a subdirectory', async () => {
    await expect(findRepo(path.join(repo.dir, 'src'))).resolves.toEqual({
      root: repo.dir,
      gitDir: path.join(repo.dir, '.git'),
    });
  });

  test('gives real paths when reached through a symlink', async () => {
    const link = path.join(repo.dir, '..', 'link');
    await symlink(repo.dir, link);
    await expect(findRepo(link)).resolves.toEqual({ root: repo.dir, gitDir: path.join(repo.dir, '.git') });
  });

  test('gives a linked worktree its own git directory', async () => {
    const worktree = path.join(repo.dir, '..', 'second');
    await repo.git('worktree', 'add', '-q', '-b', 'second', worktree);
    await expect(findRepo(worktree)).resolves.toEqual({
      root: worktree,
      gitDir: path.join(repo.dir, '.git', 'worktrees', 'second'),
    });
  });

  test('refuses the inside of the .git directory', async () => {
    const error = await findRepo(path.join(repo.dir, '.git')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitError);
    expect((error as GitError).message).toBe(
      `Cannot find a git work tree at \`${path.join(repo.dir, '.git')}\`, expected a directory inside one: git says "fatal: this operation must be run in a work tree". Run code-debate inside a git work tree, or pass -C <dir>.`,
    );
  });

  test('refuses a directory that does not exist, as a usage error (exit 2), not a git one', async () => {
    const missing = path.join(repo.dir, 'missing');
    const error = await findRepo(missing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      `Cannot find a git work tree at \`${missing}\`, expected an existing directory. Run code-debate inside a git work tree, or pass -C <dir>.`,
    );
  });
});

describe('findRepo outside any repository', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-norepo-')));
    await mkdir(path.join(dir, 'sub'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('says what to do', async () => {
    const error = await findRepo(path.join(dir, 'sub')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitError);
    const { message } = error as GitError;
    // git words the rest by where the search stopped (a mount point, the file system root).
    expect(message).toMatch(/^Cannot find a git work tree at `.*\/sub`, expected a directory inside one: git says "fatal: not a git repository/);
    expect(message).toMatch(/"\. Run code-debate inside a git work tree, or pass -C <dir>\.$/);
    expect((error as GitError).cause).toBeInstanceOf(GitError);
  });
});
