import { chmod, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { quoteGitPath, renderNewFileDiff, type NewFile } from '../../src/git/render-new-file-diff.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const file = (filePath: string, content: string | Buffer, mode: NewFile['mode'] = '100644'): NewFile => ({
  path: filePath,
  mode,
  content: Buffer.isBuffer(content) ? content : Buffer.from(content),
});

describe('renderNewFileDiff', () => {
  test('adds every line of a text file', () => {
    expect(renderNewFileDiff(file('src/a.ts', 'one\ntwo\n'))).toBe(
      'diff --git a/src/a.ts b/src/a.ts\nnew file mode 100644\nindex 0000000..814f4a4\n--- /dev/null\n+++ b/src/a.ts\n@@ -0,0 +1,2 @@\n+one\n+two\n',
    );
  });

  test('writes a one-line hunk as git does, and marks a missing final newline', () => {
    expect(renderNewFileDiff(file('x', 'only'))).toBe(
      'diff --git a/x b/x\nnew file mode 100644\nindex 0000000..c400566\n--- /dev/null\n+++ b/x\n@@ -0,0 +1 @@\n+only\n\\ No newline at end of file\n',
    );
  });

  test('notes a binary file without inlining it', () => {
    expect(renderNewFileDiff(file('logo.png', Buffer.from([0x89, 0x50, 0x00, 0x01])))).toBe(
      'diff --git a/logo.png b/logo.png\nnew file mode 100644\nindex 0000000..32f6e44\nBinary files /dev/null and b/logo.png differ\n',
    );
  });

  test('gives an empty file a header and no hunk', () => {
    expect(renderNewFileDiff(file('empty', ''))).toBe('diff --git a/empty b/empty\nnew file mode 100644\nindex 0000000..e69de29\n');
  });

  test('quotes control characters, and ends a name with a space with a tab', () => {
    expect(quoteGitPath('a/plain ü.txt')).toBe('a/plain ü.txt');
    expect(quoteGitPath('a/t\tb"c\\d\u0001')).toBe('"a/t\\tb\\"c\\\\d\\001"');
    expect(renderNewFileDiff(file('my notes.md', 'hi\n'))).toContain('+++ b/my notes.md\t\n');
  });
});

describe('renderNewFileDiff against git itself', () => {
  let repo: GitRepo | undefined;
  afterEach(async () => {
    await repo?.cleanup();
  });

  test('matches `git diff` of intent-to-add files exactly', async () => {
    repo = await makeGitRepo();
    const files = [
      file('bin', Buffer.from('a\0b')),
      file('empty', ''),
      file('ex', '#!/bin/sh\n', '100755'),
      file('link', 'target', '120000'),
      file('no newline', 'x'),
      file('ta\tb', 'q\n'),
      file('ü.txt', 'ü\r\nzwei\n'),
    ];
    for (const { path: name, content, mode } of files) {
      const target = path.join(repo.dir, name);
      if (mode === '120000') await symlink(content.toString(), target);
      else await writeFile(target, content);
      if (mode === '100755') await chmod(target, 0o755);
    }
    await repo.git('add', '-N', '.');
    const gitDiff = await repo.git('-c', 'core.quotePath=false', 'diff', '--no-ext-diff', '--no-color');
    expect(files.map((each) => renderNewFileDiff(each)).join('')).toBe(`${gitDiff}\n`);
  });
});
