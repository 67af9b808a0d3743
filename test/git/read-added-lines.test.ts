import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parseAddedLines, readAddedLines } from '../../src/git/read-added-lines.js';
import { openGit } from '../../src/git/run-git.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

let repo: GitRepo;
beforeEach(async () => {
  repo = await makeGitRepo({ 'a.txt': 'one\ntwo\n' });
});
afterEach(async () => {
  await repo.cleanup();
});

const read = async (...commits: string[]) => readAddedLines(openGit(repo.dir), commits);

describe('readAddedLines', () => {
  test('a root commit adds every line; a later commit its own lines, numbered as in its version, whatever comes after', async () => {
    const root = await repo.git('rev-parse', 'HEAD');
    await repo.write('a.txt', 'zero\none\ntwo\nthree\n');
    await repo.write('with space.txt', 'x\n');
    const second = await repo.commit('Grow a');
    await repo.write('a.txt', 'one\n');
    const third = await repo.commit('Shrink a');
    expect(await read(root, second, third)).toEqual([
      {
        sha: root,
        parents: [],
        subject: 'Initial commit',
        files: [
          {
            path: 'a.txt',
            lines: [
              { line: 1, text: 'one' },
              { line: 2, text: 'two' },
            ],
          },
        ],
      },
      {
        sha: second,
        parents: [root],
        subject: 'Grow a',
        files: [
          {
            path: 'a.txt',
            lines: [
              { line: 1, text: 'zero' },
              { line: 4, text: 'three' },
            ],
          },
          { path: 'with space.txt', lines: [{ line: 1, text: 'x' }] },
        ],
      },
      { sha: third, parents: [second], subject: 'Shrink a', files: [] },
    ]);
  });

  test('a renamed file adds only the lines it changed; a binary file adds none; a line that looks like a header is a line', async () => {
    await repo.write('long.txt', Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n') + '\n');
    await repo.commit('Long');
    await repo.git('mv', 'long.txt', 'moved.txt');
    await repo.write('moved.txt', Array.from({ length: 20 }, (_, index) => (index === 5 ? '++ b/not-a-file' : `line ${index}`)).join('\n') + '\n');
    await repo.write('blob.bin', 'a\0b\n');
    const moved = await repo.commit('Move long');
    const [commit] = await read(moved);
    expect(commit?.files).toEqual([{ path: 'moved.txt', lines: [{ line: 6, text: '++ b/not-a-file' }] }]);
  });

  test('a merge adds only its own lines: what it resolved by hand, not what either side brought', async () => {
    await repo.git('checkout', '-q', '-b', 'side');
    await repo.write('c.txt', 'c\n');
    await repo.commit('Add c');
    await repo.git('checkout', '-q', 'main');
    await repo.write('b.txt', 'b\n');
    await repo.commit('Add b');
    await repo.git('merge', '-q', '--no-ff', '--no-commit', 'side');
    await repo.write('c.txt', 'c\nresolved\n');
    const merge = await repo.commit('Merge side');
    const [commit] = await read(merge);
    expect(commit?.parents).toHaveLength(2);
    expect(commit?.files).toEqual([{ path: 'c.txt', lines: [{ line: 2, text: 'resolved' }] }]);
  });
});

describe('parseAddedLines', () => {
  test('reads a quoted name and skips a deleted file', () => {
    const output = [
      '\0abc\0def\0Subject',
      'diff --git "a/t\\tb" "b/t\\tb"',
      '--- /dev/null',
      '+++ "b/t\\tb"',
      '@@ -0,0 +1 @@',
      '+tab',
      'diff --git a/gone b/gone',
      '--- a/gone',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-old',
    ].join('\n');
    expect(parseAddedLines(output)).toEqual([{ sha: 'abc', parents: ['def'], subject: 'Subject', files: [{ path: 't\tb', lines: [{ line: 1, text: 'tab' }] }] }]);
  });
});
