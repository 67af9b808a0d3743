import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { emptyTreeShas, readEmptyTree } from '../../src/git/empty-tree.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { openGit } from '../../src/git/run-git.js';
import { makeGitRepo, runGit } from '../helpers/git-repo.js';

describe('readEmptyTree', () => {
  test('is the sha1 empty tree in a sha1 repository', async () => {
    const repo = await makeGitRepo();
    try {
      await expect(readEmptyTree(openGit(repo.dir))).resolves.toBe(emptyTreeShas.sha1);
      expect(await repo.git('hash-object', '-t', 'tree', os.devNull)).toBe(emptyTreeShas.sha1);
    } finally {
      await repo.cleanup();
    }
  });

  describe('in a sha256 repository', () => {
    let parent: string;
    let dir: string;
    beforeEach(async () => {
      parent = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-sha256-')));
      dir = path.join(parent, 'repo');
      await mkdir(dir);
      await runGit(dir, 'init', '-q', '--object-format=sha256');
      await runGit(dir, 'config', 'user.name', 'Test');
      await runGit(dir, 'config', 'user.email', 'test@example.invalid');
      await writeFile(path.join(dir, 'a.txt'), 'one\n');
      await runGit(dir, 'add', 'a.txt');
      await runGit(dir, 'commit', '-q', '--no-gpg-sign', '-m', 'Root');
    });
    afterEach(async () => {
      await rm(parent, { recursive: true, force: true });
    });

    test('is the sha256 empty tree, and a root commit diffs against it', async () => {
      await expect(readEmptyTree(openGit(dir))).resolves.toBe(emptyTreeShas.sha256);
      expect(await runGit(dir, 'hash-object', '-t', 'tree', os.devNull)).toBe(emptyTreeShas.sha256);
      const subject = await resolveSubject('HEAD', { cwd: dir, exclude: [] });
      expect([subject.base, subject.head, subject.files]).toEqual([null, await runGit(dir, 'rev-parse', 'HEAD'), ['a.txt']]);
    });
  });
});
