import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

describe('resolveSubject for the index and the working tree', () => {
  let repo: GitRepo;
  let head: string;
  const resolve = (text: string) => resolveSubject(text, { cwd: repo.dir, exclude: ['reply.md'] });

  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'one\n', 'b.txt': 'bee\n', 'reply.md': '# Debate\n', '.gitignore': '*.log\n' });
    head = await repo.git('rev-parse', 'HEAD');
    await repo.write('a.txt', 'one\nstaged\n');
    await repo.write('reply.md', '# Debate\n\nstaged too\n');
    await repo.git('add', 'a.txt', 'reply.md');
    await repo.write('b.txt', 'bee\nunstaged\n');
    await repo.write('u.txt', 'new\n');
    await repo.write('dir/n.txt', 'nested\nfile');
    await repo.write('debug.log', 'ignored\n');
    await writeFile(path.join(repo.dir, 'blob.bin'), Buffer.from([1, 0, 2]));
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test.each(['staged', 'the staged changes', 'index'])('%s: the index against HEAD, without the debate file', async (text) => {
    const subject = await resolve(text);
    expect([subject.kind, subject.base, subject.head, subject.files]).toEqual(['staged', head, null, ['a.txt']]);
    expect(subject.description).toBe(`the staged changes, against HEAD ${await repo.git('rev-parse', '--short', 'HEAD')}`);
    expect(subject.diff).toBe(`${await repo.git('diff', '--cached', '--', 'a.txt')}\n`);
  });

  test.each(['working tree', 'worktree', 'working-tree', 'uncommitted'])('%s: tracked changes and untracked, not ignored files, without the debate file', async (text) => {
    const subject = await resolve(text);
    expect([subject.kind, subject.base, subject.head]).toEqual(['working-tree', head, null]);
    expect(subject.files).toEqual(['a.txt', 'b.txt', 'blob.bin', 'dir/n.txt', 'u.txt']);
    expect(subject.description).toBe(`the working tree, untracked files included, against HEAD ${await repo.git('rev-parse', '--short', 'HEAD')}`);
    const tracked = await repo.git('diff', 'HEAD', '--', 'a.txt', 'b.txt');
    expect(subject.diff).toBe(
      `${tracked}\n` +
        'diff --git a/blob.bin b/blob.bin\nnew file mode 100644\nindex 0000000..c3027df\nBinary files /dev/null and b/blob.bin differ\n' +
        'diff --git a/dir/n.txt b/dir/n.txt\nnew file mode 100644\nindex 0000000..8e51b8d\n--- /dev/null\n+++ b/dir/n.txt\n@@ -0,0 +1,2 @@\n+nested\n+file\n\\ No newline at end of file\n' +
        'diff --git a/u.txt b/u.txt\nnew file mode 100644\nindex 0000000..3e75765\n--- /dev/null\n+++ b/u.txt\n@@ -0,0 +1 @@\n+new\n',
    );
  });

  test('an untracked debate file stays out of the working tree diff', async () => {
    await repo.git('rm', '-q', '--cached', 'reply.md');
    expect(await repo.git('ls-files', '--others', '--exclude-standard')).toContain('reply.md');
    const subject = await resolve('working tree');
    expect(subject.files).toEqual(['a.txt', 'b.txt', 'blob.bin', 'dir/n.txt', 'u.txt']);
    expect(subject.diff).not.toContain('reply.md');
  });
});

describe('resolveSubject before the first commit', () => {
  let repo: GitRepo;
  beforeEach(async () => {
    repo = await makeGitRepo();
    await repo.write('a.txt', 'one\n');
    await repo.git('add', 'a.txt');
    await repo.write('u.txt', 'untracked\n');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('staged changes are compared with the empty tree', async () => {
    const subject = await resolveSubject('staged', { cwd: repo.dir, exclude: [] });
    expect([subject.kind, subject.base, subject.head, subject.files]).toEqual(['staged', null, null, ['a.txt']]);
    expect(subject.description).toBe('the staged changes, with no commit yet, against the empty tree');
    expect(subject.diff).toBe('diff --git a/a.txt b/a.txt\nnew file mode 100644\nindex 0000000..5626abf\n--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1 @@\n+one\n');
  });

  test('the working tree is every file', async () => {
    const subject = await resolveSubject('working tree', { cwd: repo.dir, exclude: [] });
    expect([subject.base, subject.head, subject.files]).toEqual([null, null, ['a.txt', 'u.txt']]);
  });
});
