import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { findNonUtf8Files } from '../../src/git/find-non-utf8-files.js';
import { openGit } from '../../src/git/run-git.js';
import { splitDiff } from '../../src/git/split-diff.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

describe('findNonUtf8Files', () => {
  let repo: GitRepo;
  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'a\n' });
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('U+FFFD with no blob to check (commits not fetched) is taken as text that is not UTF-8', async () => {
    const diff = 'diff --git a/x b/x\nindex 1234567..89abcde 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-caf\uFFFD\n+cafe\n';
    const files = splitDiff(diff);
    expect([...(await findNonUtf8Files(files, { git: openGit(repo.dir), workTree: null }))]).toEqual(files);
  });

  test('U+FFFD that the file really holds, read from the blob and the work tree, is valid text', async () => {
    await repo.write('a.txt', 'a \uFFFD\n');
    const diff = `${await repo.git('diff', 'HEAD')}\n`;
    const files = splitDiff(diff);
    expect(files.map((file) => file.replacementChar)).toEqual([true]);
    expect(await findNonUtf8Files(files, { git: openGit(repo.dir), workTree: repo.dir })).toEqual(new Set());
    await writeFile(path.join(repo.dir, 'a.txt'), Buffer.from('a \xff\n', 'latin1'));
    expect([...(await findNonUtf8Files(files, { git: openGit(repo.dir), workTree: repo.dir }))]).toEqual(files);
  });
});
