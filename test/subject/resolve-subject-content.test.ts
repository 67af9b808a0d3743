import { chmod, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { GitError } from '../../src/errors.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const nothingLeftOut = (diff: string): string => `Nothing was left out of the diff for size (${Buffer.byteLength(diff)} of 200000 bytes).`;

describe('resolveSubject describes what a diff holds', () => {
  let repo: GitRepo;
  const resolve = (text: string) => resolveSubject(text, { cwd: repo.dir, exclude: ['reply.md'] });
  const short = (sha: string): Promise<string> => repo.git('rev-parse', '--short', sha);

  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/cart.ts': 'export const total = 1;\n', 'docs/guide.md': 'one\ntwo\nthree\nfour\n', 'run.sh': 'echo hi\n' });
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('a merge commit is its first parent against the merge: the merged branch’s changes', async () => {
    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/coupon.ts', 'export const coupon = 10;\n');
    await repo.commit('Add coupon');
    await repo.git('checkout', '-q', 'main');
    await repo.write('src/cart.ts', 'export const total = 2;\n');
    const mainTip = await repo.commit('Change total');
    await repo.git('merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature');
    const merge = await repo.git('rev-parse', 'HEAD');
    const subject = await resolve('HEAD');
    expect([subject.kind, subject.base, subject.head, subject.files]).toEqual(['commit', mainTip, merge, ['src/coupon.ts']]);
    expect(subject.description).toBe(`commit ${await short(merge)} "Merge feature" (merge, against its first parent ${await short(mainTip)})`);
    expect(subject.diff).toBe(`${await repo.git('diff', mainTip, merge)}\n`);
    expect(subject.summary).toBe(['1 file changed, +1 -0 lines:', '- src/coupon.ts (added, +1 -0)', '', nothingLeftOut(subject.diff)].join('\n'));
  });

  test('renames with and without a content change, a binary file, a mode change', async () => {
    await repo.git('mv', 'docs/guide.md', 'docs/manual.md');
    await repo.git('mv', 'src/cart.ts', 'src/basket.ts');
    await repo.write('src/basket.ts', 'export const total = 1;\nexport const count = 0;\n');
    await writeFile(path.join(repo.dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    await chmod(path.join(repo.dir, 'run.sh'), 0o755);
    await repo.commit('Rename and more');
    const subject = await resolve('HEAD');
    expect(subject.files).toEqual(['docs/manual.md', 'logo.png', 'run.sh', 'src/basket.ts']);
    expect(subject.summary).toBe(
      [
        '4 files changed, +1 -0 lines:',
        '- docs/guide.md → docs/manual.md (renamed, 100% similar, content unchanged)',
        '- logo.png (added, binary, content not shown)',
        '- run.sh (modified, mode 100644 → 100755, now executable, content unchanged)',
        '- src/cart.ts → src/basket.ts (renamed, 50% similar, +1 -0)',
        '',
        nothingLeftOut(subject.diff),
      ].join('\n'),
    );
    expect(subject.diff).toContain('diff --git a/docs/guide.md b/docs/manual.md\nsimilarity index 100%\nrename from docs/guide.md\nrename to docs/manual.md\n');
    expect(subject.diff).toContain('Binary files /dev/null and b/logo.png differ\n');
    expect(subject.diff).not.toContain('PNG');
    expect(subject.diff).toContain('diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n');
  });

  test('a file that becomes a symbolic link is one type change', async () => {
    await rm(path.join(repo.dir, 'run.sh'));
    await symlink('src/cart.ts', path.join(repo.dir, 'run.sh'));
    const subject = await resolve('working tree');
    expect(subject.files).toEqual(['run.sh']);
    expect(subject.summary).toBe(['1 file changed, +1 -1 lines:', '- run.sh (type changed from file to symbolic link, +1 -1)', '', nothingLeftOut(subject.diff)].join('\n'));
  });

  test('a range that starts at the root commit, and one that reaches past it', async () => {
    const root = await repo.git('rev-parse', 'HEAD');
    await repo.write('src/cart.ts', 'export const total = 3;\n');
    const second = await repo.commit('Second');
    const subject = await resolve(`${root}..HEAD`);
    expect([subject.kind, subject.base, subject.head, subject.files]).toEqual(['range', root, second, ['src/cart.ts']]);
    expect(subject.description).toBe(`commits ${await short(root)}..${await short(second)} (1 commit)`);
    const error = await resolve(`${root}~1..HEAD`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitError);
    expect((error as GitError).message).toBe(
      `Cannot find the revision \`${root}~1\` in ${repo.dir}, expected a commit, branch or tag. Run \`git log --oneline\` to see the commits.`,
    );
  });

  test('the root commit itself is compared with the empty tree', async () => {
    const subject = await resolve('HEAD');
    expect([subject.base, subject.files]).toEqual([null, ['docs/guide.md', 'run.sh', 'src/cart.ts']]);
    expect(subject.summary.split('\n')[0]).toBe('3 files changed, +6 -0 lines:');
  });

  test('words that name no revision are free text, reviewed as the HEAD commit here', async () => {
    await repo.write('src/cart.ts', 'export const total = 4;\n');
    const head = await repo.commit('Change');
    const subject = await resolve('the coupon refactor');
    expect([subject.kind, subject.text, subject.head, subject.files]).toEqual(['free-text', 'the coupon refactor', head, ['src/cart.ts']]);
  });
});

describe('resolveSubject with text that is not UTF-8', () => {
  let repo: GitRepo;
  const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'plain\n' });
    await writeFile(path.join(repo.dir, 'legacy.txt'), latin1('caf\xe9\nna\xefve\n'));
    await repo.write('real-fffd.txt', 'keep \uFFFD as is\n');
    await repo.commit('Add text');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('a committed Latin-1 file is a one-line note; a file that holds U+FFFD itself is shown', async () => {
    const subject = await resolveSubject('HEAD', { cwd: repo.dir, exclude: [] });
    expect(subject.summary).toBe(
      [
        '2 files changed, +3 -0 lines:',
        '- legacy.txt (added, +2 -0, not valid UTF-8 text, lines not shown)',
        '- real-fffd.txt (added, +1 -0)',
        '',
        nothingLeftOut(subject.diff),
      ].join('\n'),
    );
    const legacyBlob = await repo.git('rev-parse', '--short', 'HEAD:legacy.txt');
    expect(subject.diff).toContain(
      `diff --git a/legacy.txt b/legacy.txt\nnew file mode 100644\nindex 0000000..${legacyBlob}\nNot shown: the file is not valid UTF-8 text (2 lines added, 0 removed).\ndiff --git a/real-fffd.txt`,
    );
    expect(subject.diff).toContain('+keep \uFFFD as is\n');
    expect(subject.diff).not.toContain('caf');
  });

  test('a Latin-1 edit in the working tree, and an untracked Latin-1 file, are notes too', async () => {
    await writeFile(path.join(repo.dir, 'legacy.txt'), latin1('caf\xe9\nna\xefve\nd\xe9j\xe0\n'));
    await writeFile(path.join(repo.dir, 'new.txt'), latin1('\xa9 2024\n'));
    await repo.write('real-fffd.txt', 'keep \uFFFD as is\nand more\n');
    const subject = await resolveSubject('working tree', { cwd: repo.dir, exclude: [] });
    expect(subject.summary.split('\n').slice(0, 4)).toEqual([
      '3 files changed, +3 -0 lines:',
      '- legacy.txt (modified, +1 -0, not valid UTF-8 text, lines not shown)',
      '- real-fffd.txt (modified, +1 -0)',
      '- new.txt (added, +1 -0, not valid UTF-8 text, lines not shown)',
    ]);
    expect(subject.diff).not.toContain('\uFFFD j');
    expect(subject.diff.match(/^Not shown: the file is not valid UTF-8 text \(1 line added, 0 removed\)\.$/gm)).toHaveLength(2);
  });
});

describe('resolveSubject with a submodule', () => {
  let repo: GitRepo;
  let library: GitRepo;

  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'one\n' });
    library = await makeGitRepo({ 'lib.c': 'int x;\n' });
  });
  afterEach(async () => {
    await repo.cleanup();
    await library.cleanup();
  });

  test('is described by its commits, added and moved', async () => {
    const first = await library.git('rev-parse', 'HEAD');
    await repo.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', library.dir, 'vendor/lib');
    await repo.commit('Add the library');
    const added = await resolveSubject('HEAD', { cwd: repo.dir, exclude: [] });
    expect(added.summary.split('\n').slice(0, 3)).toEqual([
      '2 files changed, +4 -0 lines:',
      '- .gitmodules (added, +3 -0)',
      `- vendor/lib (added submodule, at commit ${first.slice(0, 7)})`,
    ]);
    await library.write('lib.c', 'int y;\n');
    const second = await library.commit('Change');
    await repo.git('-C', 'vendor/lib', 'fetch', '-q', 'origin');
    await repo.git('-C', 'vendor/lib', 'checkout', '-q', second);
    await repo.commit('Move the library');
    const moved = await resolveSubject('HEAD', { cwd: repo.dir, exclude: [] });
    expect(moved.files).toEqual(['vendor/lib']);
    expect(moved.summary.split('\n').slice(0, 2)).toEqual([
      '1 file changed, +1 -1 lines:',
      `- vendor/lib (modified, submodule commit ${first.slice(0, 7)} → ${second.slice(0, 7)})`,
    ]);
    expect(moved.diff).toContain(`-Subproject commit ${first}\n+Subproject commit ${second}\n`);
    expect(moved.diff).not.toContain('lib.c');
  });
});

describe('resolveSubject with shell metacharacters in the subject', () => {
  let repo: GitRepo;
  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'one\n' });
    await repo.write('a.txt', 'two\n');
    await repo.commit('Second');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test.each(['$(touch pwned)', '`touch pwned`', 'x; touch pwned; rm -rf .', '$(touch${IFS}pwned)', '`touch${IFS}pwned`', 'a|touch pwned', 'PR #42; touch pwned'])(
    '%s is free text: nothing runs, no file appears',
    async (text) => {
      const subject = await resolveSubject(text, { cwd: repo.dir, exclude: [] });
      expect([subject.kind, subject.text, subject.files]).toEqual(['free-text', text, ['a.txt']]);
      expect(await repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
      expect(await repo.git('rev-list', '--count', 'HEAD')).toBe('2');
    },
  );

  test('a revision-looking subject with metacharacters reaches git as one argument and names nothing', async () => {
    const error = await resolveSubject('HEAD~1;touch${IFS}pwned', { cwd: repo.dir, exclude: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitError);
    expect(await repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });
});
