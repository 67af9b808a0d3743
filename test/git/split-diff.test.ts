import { describe, expect, test } from 'vitest';
import { splitDiff } from '../../src/git/split-diff.js';
import { readQuotedPath, unquoteGitPath } from '../../src/git/unquote-git-path.js';
import { fileDiff } from './file-diff-fixture.js';

const { path: _path, patch: _patch, ...base } = fileDiff('');

describe('splitDiff', () => {
  test('modified, added, deleted and renamed files, each with its exact part of the diff', () => {
    const modified =
      'diff --git a/my file.ts b/my file.ts\nindex 1111111..2222222 100644\n--- a/my file.ts\n+++ b/my file.ts\t\n@@ -1,2 +1,2 @@\n context\n--- not a header\n+++ nor this\n';
    const added = 'diff --git a/new.ts b/new.ts\nnew file mode 100755\nindex 0000000..3333333\n--- /dev/null\n+++ b/new.ts\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n';
    const deleted = 'diff --git a/old.ts b/old.ts\ndeleted file mode 100644\nindex 4444444..0000000\n--- a/old.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n';
    const renamed =
      'diff --git a/a b.ts b/c d.ts\nold mode 100644\nnew mode 100755\nsimilarity index 90%\nrename from a b.ts\nrename to c d.ts\nindex 5555555..6666666\n--- a/a b.ts\n+++ b/c d.ts\n@@ -1 +1 @@\n-1\n+2\n';
    expect(splitDiff(modified + added + deleted + renamed)).toEqual([
      { ...base, path: 'my file.ts', oldBlob: '1111111', newBlob: '2222222', added: 1, deleted: 1, patch: modified },
      { ...base, path: 'new.ts', status: 'added', oldMode: null, newMode: '100755', newBlob: '3333333', added: 1, patch: added },
      { ...base, path: 'old.ts', status: 'deleted', newMode: null, oldBlob: '4444444', deleted: 1, patch: deleted },
      {
        ...base,
        path: 'c d.ts',
        oldPath: 'a b.ts',
        status: 'renamed',
        newMode: '100755',
        similarity: 90,
        oldBlob: '5555555',
        newBlob: '6666666',
        added: 1,
        deleted: 1,
        patch: renamed,
      },
    ]);
  });

  test('quoted names, a copy, a binary file, a submodule and an unmerged path', () => {
    const quoted = 'diff --git "a/t\\tab\\303\\274" "b/t\\tab\\303\\274"\nindex 1111111..2222222 100644\nBinary files "a/t\\tab\\303\\274" and "b/t\\tab\\303\\274" differ\n';
    const copied = 'diff --git a/src.ts b/copy.ts\nsimilarity index 100%\ncopy from src.ts\ncopy to copy.ts\n';
    const submodule =
      'diff --git a/lib b/lib\nindex 1234567..89abcde 160000\n--- a/lib\n+++ b/lib\n@@ -1 +1 @@\n-Subproject commit 1234567890\n+Subproject commit 89abcdef01-dirty\n';
    const unmerged = '* Unmerged path conflict.txt\n';
    expect(splitDiff(quoted + copied + submodule + unmerged)).toEqual([
      { ...base, path: 't\tabü', binary: true, oldBlob: '1111111', newBlob: '2222222', patch: quoted },
      { ...base, path: 'copy.ts', oldPath: 'src.ts', status: 'copied', oldMode: null, newMode: null, similarity: 100, patch: copied },
      {
        ...base,
        path: 'lib',
        oldMode: '160000',
        newMode: '160000',
        oldBlob: '1234567',
        newBlob: '89abcde',
        added: 1,
        deleted: 1,
        submodule: { from: '1234567890', to: '89abcdef01-dirty' },
        patch: submodule,
      },
      { ...base, path: 'conflict.txt', status: 'unmerged', oldMode: null, newMode: null, patch: unmerged },
    ]);
  });

  test('a deletion then an addition of the same path with another type is one type change', () => {
    const removed = 'diff --git a/f b/f\ndeleted file mode 100644\nindex 7898192..0000000\n--- a/f\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n';
    const added = 'diff --git a/f b/f\nnew file mode 120000\nindex 0000000..7937c68\n--- /dev/null\n+++ b/f\n@@ -0,0 +1 @@\n+g\n\\ No newline at end of file\n';
    expect(splitDiff(removed + added)).toEqual([
      { ...base, path: 'f', status: 'type-changed', newMode: '120000', oldBlob: '7898192', newBlob: '7937c68', added: 1, deleted: 1, patch: removed + added },
    ]);
    const sameType = added.replace('120000', '100644');
    expect(splitDiff(removed + sameType).map((file) => file.status)).toEqual(['deleted', 'added']);
  });

  test('marks hunk lines holding U+FFFD, and drops text before the first file', () => {
    const file = 'diff --git a/x b/x\nindex 1111111..2222222 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-caf\uFFFD\n+cafe\n';
    expect(splitDiff(`preamble\n${file}`)).toEqual([{ ...base, path: 'x', oldBlob: '1111111', newBlob: '2222222', added: 1, deleted: 1, replacementChar: true, patch: file }]);
    expect(splitDiff('')).toEqual([]);
  });

  test('a text file with a `Subproject commit` line is no submodule', () => {
    const text = 'diff --git a/notes b/notes\nindex 1111111..2222222 100644\n--- a/notes\n+++ b/notes\n@@ -0,0 +1 @@\n+Subproject commit abc\n';
    expect(splitDiff(text).map((file) => file.submodule)).toEqual([null]);
  });
});

describe('unquoteGitPath', () => {
  test('reads C quoting with octal UTF-8 bytes, and leaves plain names alone', () => {
    expect(unquoteGitPath('"a\\\\b\\"c\\n\\303\\274"')).toBe('a\\b"c\nü');
    expect(unquoteGitPath('plain ü name')).toBe('plain ü name');
    expect(unquoteGitPath('"unterminated')).toBe('"unterminated');
    expect(readQuotedPath('"a/x" "b/x"')).toEqual({ path: 'a/x', rest: ' "b/x"' });
    expect(readQuotedPath('"bad \\q"')).toBeNull();
  });
});
