import { afterEach, describe, expect, test } from 'vitest';
import { addedLines, diffFilePath, parseUnifiedDiff } from '../../../src/agents/builtin/parse-unified-diff.js';
import { unquotePath } from '../../../src/agents/builtin/read-diff-paths.js';
import { makeGitRepo, type GitRepo } from '../../helpers/git-repo.js';
import { changedFileDiff, newFileDiff } from './builtin-helpers.js';

describe('parseUnifiedDiff', () => {
  test('numbers added lines of a new file from 1, with /dev/null as the old side', () => {
    const [file, ...rest] = parseUnifiedDiff(newFileDiff('src/a.ts', ['one', 'two']));
    expect(rest).toEqual([]);
    expect(file).toMatchObject({ oldPath: null, newPath: 'src/a.ts', status: 'added', binary: false });
    expect(addedLines(file!).map((line) => [line.newLine, line.text])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  test('gives added lines their new-file numbers after context lines', () => {
    const [file] = parseUnifiedDiff(changedFileDiff('src/b.ts', 40, ['a', 'b'], ['added 1', 'added 2'], ['c']));
    expect(file?.status).toBe('modified');
    expect(addedLines(file!).map((line) => line.newLine)).toEqual([42, 43]);
    expect(file?.hunks[0]?.lines.at(-1)).toEqual({ kind: 'context', text: 'c', oldLine: 42, newLine: 44 });
  });

  test('keeps hunk lines that look like file headers inside the hunk', () => {
    const diff = ['--- a/notes.md', '+++ b/notes.md', '@@ -1,2 +1,2 @@', '--- old rule', '+++ new rule', ' tail', ''].join('\n');
    const [file, ...rest] = parseUnifiedDiff(diff);
    expect(rest).toEqual([]);
    expect(file?.hunks[0]?.lines.map((line) => [line.kind, line.text])).toEqual([
      ['removed', '-- old rule'],
      ['added', '++ new rule'],
      ['context', 'tail'],
    ]);
  });

  test('reads deletions, renames, binary files, quoted paths, CRLF and missing final newlines', () => {
    const diff = [
      'diff --git a/gone.ts b/gone.ts',
      'deleted file mode 100644',
      '--- a/gone.ts',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      'diff --git a/old name.ts b/new name.ts',
      'similarity index 90%',
      'rename from old name.ts',
      'rename to new name.ts',
      '--- a/old name.ts',
      '+++ b/new name.ts',
      '@@ -1 +1 @@',
      '-x',
      '+y\r',
      '\\ No newline at end of file',
      'diff --git a/logo.png b/logo.png',
      'Binary files a/logo.png and b/logo.png differ',
      'diff --git "a/t\\303\\251st.ts" "b/t\\303\\251st.ts"',
      'new file mode 100644',
      '--- /dev/null',
      '+++ "b/t\\303\\251st.ts"',
      '@@ -0,0 +1 @@',
      '+é',
      '',
    ].join('\n');
    const files = parseUnifiedDiff(diff);
    expect(files.map((file) => [file.status, file.oldPath, file.newPath, file.binary, diffFilePath(file)])).toEqual([
      ['deleted', 'gone.ts', null, false, 'gone.ts'],
      ['renamed', 'old name.ts', 'new name.ts', false, 'new name.ts'],
      ['modified', 'logo.png', 'logo.png', true, 'logo.png'],
      ['added', null, 'tést.ts', false, 'tést.ts'],
    ]);
    expect(addedLines(files[1]!)).toEqual([{ kind: 'added', text: 'y', oldLine: null, newLine: 1 }]);
  });

  test('unquotes git C-style paths', () => {
    expect(unquotePath('"a\\tb\\"c\\\\d"')).toBe('a\tb"c\\d');
    expect(unquotePath('plain')).toBe('plain');
  });

  describe('on real git output', () => {
    let repo: GitRepo | undefined;
    afterEach(async () => repo?.cleanup());

    test('reads a rename, a binary file and a modification from `git diff`', async () => {
      repo = await makeGitRepo({ 'src/keep.ts': 'a\nb\nc\nd\ne\nf\n', 'src/move-me.ts': 'one\ntwo\nthree\nfour\n' });
      await repo.git('mv', 'src/move-me.ts', 'src/moved.ts');
      await repo.write('src/keep.ts', 'a\nb\nc\nNEW\nd\ne\nf\n');
      await repo.write('img.bin', '\u0000\u0001binary');
      await repo.git('add', '-A');
      const files = parseUnifiedDiff(await repo.git('diff', '--cached', '-M'));
      expect(files.map((file) => [file.status, file.oldPath, file.newPath, file.binary])).toEqual([
        ['added', null, 'img.bin', true],
        ['modified', 'src/keep.ts', 'src/keep.ts', false],
        ['renamed', 'src/move-me.ts', 'src/moved.ts', false],
      ]);
      expect(addedLines(files[1]!).map((line) => [line.newLine, line.text])).toEqual([[4, 'NEW']]);
    });
  });
});
