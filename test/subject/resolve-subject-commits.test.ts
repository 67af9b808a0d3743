import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError, GitError } from '../../src/errors.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

// main: first (a.txt, reply.md) → second (a.txt, b.txt, reply.md; tag v1) → third (c.txt)
// feature, from second: f1 (f.txt)
describe('resolveSubject for commits, ranges and branches', () => {
  let repo: GitRepo;
  let first: string;
  let second: string;
  let third: string;
  let f1: string;
  const short = (sha: string): Promise<string> => repo.git('rev-parse', '--short', sha);
  const resolve = (text: string, exclude = ['reply.md']) => resolveSubject(text, { cwd: repo.dir, exclude });

  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'one\n', 'reply.md': '# Debate\n' });
    first = await repo.git('rev-parse', 'HEAD');
    await repo.write('a.txt', 'one\ntwo\n');
    await repo.write('b.txt', 'bee\n');
    await repo.write('reply.md', '# Debate\n\nround 1\n');
    second = await repo.commit('Second');
    await repo.git('tag', 'v1');
    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('f.txt', 'eff\n');
    f1 = await repo.commit('Feature');
    await repo.git('checkout', '-q', 'main');
    await repo.write('c.txt', 'sea\n');
    third = await repo.commit('Third');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('`commit <sha>` is the commit against its parent, without the excluded debate file', async () => {
    const subject = await resolveSubject(`commit ${second}`, { cwd: path.join(repo.dir), exclude: ['reply.md'] });
    expect(subject).toEqual({
      text: `commit ${second}`,
      kind: 'commit',
      base: first,
      head: second,
      description: `commit ${await short(second)} "Second"`,
      diff: expect.stringContaining('diff --git a/a.txt b/a.txt\n') as unknown,
      diffSha256: createHash('sha256').update(subject.diff).digest('hex'),
      files: ['a.txt', 'b.txt'],
      summary: [
        '2 files changed, +2 -0 lines:',
        '- a.txt (modified, +1 -0)',
        '- b.txt (added, +1 -0)',
        '',
        `Nothing was left out of the diff for size (${Buffer.byteLength(subject.diff)} of 200000 bytes).`,
      ].join('\n'),
      omitted: [],
      fileHashes: { 'a.txt': expect.stringMatching(/^[0-9a-f]{64}$/) as unknown, 'b.txt': expect.stringMatching(/^[0-9a-f]{64}$/) as unknown },
    });
    expect(subject.diff).toContain('diff --git a/b.txt b/b.txt\nnew file mode 100644\n');
    expect(subject.diff).not.toContain('reply.md');
    expect(subject.diff).toBe(await repo.git('diff', '--no-ext-diff', first, second, '--', '.', ':(exclude)reply.md').then((out) => `${out}\n`));
  });

  test('without an exclusion the debate file is part of the diff', async () => {
    const subject = await resolve(`commit ${second}`, []);
    expect(subject.files).toEqual(['a.txt', 'b.txt', 'reply.md']);
  });

  test.each([
    ['HEAD', () => [second, third, ['c.txt']]],
    ['HEAD~1', () => [first, second, ['a.txt', 'b.txt']]],
    ['v1', () => [first, second, ['a.txt', 'b.txt']]],
    ['feature', () => [second, f1, ['f.txt']]],
  ] as const)('the bare revision %s is a commit', async (text, expected) => {
    const [base, head, files] = expected();
    const subject = await resolve(text);
    expect([subject.kind, subject.base, subject.head, subject.files]).toEqual(['commit', base, head, files]);
  });

  test('an abbreviated sha, from a subdirectory, gives paths from the work tree root', async () => {
    await repo.write('sub/keep.txt', '');
    const sub = await repo.commit('Sub');
    const subject = await resolveSubject(sub.slice(0, 8), { cwd: path.join(repo.dir, 'sub'), exclude: [] });
    expect([subject.kind, subject.head, subject.files]).toEqual(['commit', sub, ['sub/keep.txt']]);
  });

  test('a root commit is compared with the empty tree', async () => {
    const subject = await resolve(`commit ${first}`);
    expect([subject.base, subject.head, subject.files]).toEqual([null, first, ['a.txt']]);
    expect(subject.description).toBe(`commit ${await short(first)} "Initial commit" (root commit, against the empty tree)`);
    expect(subject.diff).toBe('diff --git a/a.txt b/a.txt\nnew file mode 100644\nindex 0000000..5626abf\n--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1 @@\n+one\n');
  });

  test('a merge commit is compared with its first parent', async () => {
    await repo.git('merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature');
    const merge = await repo.git('rev-parse', 'HEAD');
    const subject = await resolve('commit HEAD');
    expect([subject.base, subject.head, subject.files]).toEqual([third, merge, ['f.txt']]);
    expect(subject.description).toBe(`commit ${await short(merge)} "Merge feature" (merge, against its first parent ${await short(third)})`);
  });

  test.each<[string, () => [string, string, string[], number]]>([
    ['HEAD~2..HEAD', () => [first, third, ['a.txt', 'b.txt', 'c.txt'], 2]],
    ['HEAD~2..', () => [first, third, ['a.txt', 'b.txt', 'c.txt'], 2]],
    ['..feature', () => [third, f1, ['c.txt', 'f.txt'], 1]],
    ['main..feature', () => [third, f1, ['c.txt', 'f.txt'], 1]],
    ['main...feature', () => [second, f1, ['f.txt'], 1]],
    ['v1...', () => [second, third, ['c.txt'], 1]],
  ])('the range %s', async (text, expected) => {
    const [base, head, files, count] = expected();
    const subject = await resolve(text);
    expect([subject.kind, subject.base, subject.head, subject.files]).toEqual(['range', base, head, files]);
    const commits = `commits ${await short(base)}..${await short(head)} (${count} commit${count === 1 ? '' : 's'})`;
    expect(subject.description).toBe(text.includes('...') ? `${commits}, since the merge base of ${text.split('...')[0]} and ${text.split('...')[1] || 'HEAD'}` : commits);
  });

  test.each(['the diff against main', 'diff against main', 'against main'])('%s: HEAD from its merge base with main', async (text) => {
    await repo.git('checkout', '-q', 'feature');
    const subject = await resolve(text);
    expect([subject.kind, subject.base, subject.head, subject.files]).toEqual(['against', second, f1, ['f.txt']]);
    expect(subject.description).toBe(`commits ${await short(second)}..${await short(f1)} (1 commit), HEAD against main`);
  });

  test.each([
    ['commit nope', 'nope'],
    ['nope..HEAD', 'nope'],
    ['main...nope', 'nope'],
    ['against nope', 'nope'],
    ['HEAD~9', 'HEAD~9'],
    ['deadbeef12', 'deadbeef12'],
  ])('%s names a revision that does not exist: a GitError, not free text', async (text, revision) => {
    const error = await resolve(text).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitError);
    expect((error as GitError).message).toBe(
      `Cannot find the revision \`${revision}\` in ${repo.dir}, expected a commit, branch or tag. Run \`git log --oneline\` to see the commits.`,
    );
  });

  test.each([
    ['the diff against mian', 'mian', 'Did you mean `main`?'],
    ['commit feture', 'feture', 'Did you mean `feature`?'],
  ])('%s is a typo of a branch: the message names it', async (text, revision, hint) => {
    await repo.git('branch', 'feature').catch(() => undefined);
    const error = await resolve(text).catch((caught: unknown) => caught);
    expect((error as GitError).message).toBe(`Cannot find the revision \`${revision}\` in ${repo.dir}, expected a commit, branch or tag. ${hint}`);
  });

  test('unrelated histories have no merge base', async () => {
    await repo.git('checkout', '-q', '--orphan', 'lonely');
    await repo.commit('Lonely');
    await expect(resolve('main...lonely')).rejects.toThrow(
      new GitError('Cannot find a merge base of `main` and `lonely`, expected a commit in their common history: they share none. Review `main..lonely` instead.'),
    );
  });

  test.each(['commit --output=pwned.txt', '--output=pwned.txt', 'HEAD..--output=pwned.txt', 'against --output=pwned.txt'])('%s is refused before git runs', async (text) => {
    await expect(resolve(text)).rejects.toThrow(ConfigError);
    await expect(access(path.join(repo.dir, 'pwned.txt'))).rejects.toThrow();
  });

  test('an empty subject is a ConfigError', async () => {
    await expect(resolve('   ')).rejects.toThrow(ConfigError);
  });

  test('an exclusion is a literal path, not a glob', async () => {
    const subject = await resolve(`commit ${second}`, ['*.txt']);
    expect(subject.files).toEqual(['a.txt', 'b.txt', 'reply.md']);
  });
});
