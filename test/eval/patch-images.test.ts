import { describe, expect, it } from 'vitest';
import { patchImages } from '../../src/eval/patch-images.js';

const text = (images: ReturnType<typeof patchImages>, side: 'before' | 'after') =>
  images.ok ? Object.fromEntries([...images[side]].map(([file, bytes]) => [file, bytes.toString()])) : images.problem;

describe('patchImages', () => {
  it('rebuilds both sides of each file from its hunks, a blank line for each line the patch does not show, so the numbers stay the patch’s own', () => {
    const patch = [
      'diff --git a/src/list.ts b/src/list.ts',
      '--- a/src/list.ts',
      '+++ b/src/list.ts',
      '@@ -3,3 +3,4 @@ export function first',
      ' export function last<T>(items: T[]): T | undefined {',
      '-  return items[items.length];',
      '+  const index = items.length;',
      '+  return items[index];',
      ' }',
      '@@ -9,1 +10,1 @@',
      '-export const version = 1;',
      '+export const version = 2;',
      'diff --git a/NOTES.md b/NOTES.md',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/NOTES.md',
      '@@ -0,0 +1 @@',
      '+notes',
      'diff --git a/old.txt b/old.txt',
      'deleted file mode 100644',
      '--- a/old.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-gone',
      '',
    ].join('\n');
    const images = patchImages(patch);
    expect(text(images, 'before')).toEqual({
      'src/list.ts': '\n\nexport function last<T>(items: T[]): T | undefined {\n  return items[items.length];\n}\n\n\n\nexport const version = 1;\n',
      'old.txt': 'gone\n',
    });
    expect(text(images, 'after')).toEqual({
      'src/list.ts': '\n\nexport function last<T>(items: T[]): T | undefined {\n  const index = items.length;\n  return items[index];\n}\n\n\n\nexport const version = 2;\n',
      'NOTES.md': 'notes\n',
    });
  });

  it('says what is wrong with a patch it cannot rebuild', () => {
    expect(text(patchImages('just some words\n'), 'after')).toBe('it holds no file change (expected a unified diff: `--- a/<file>`, `+++ b/<file>` and `@@` hunks)');
    expect(text(patchImages('diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\n'), 'after')).toBe(
      'it changes `logo.png` as a binary file, whose content a patch does not hold',
    );
    expect(text(patchImages('--- a/../etc/passwd\n+++ b/../etc/passwd\n@@ -1 +1 @@\n-a\n+b\n'), 'after')).toBe('it names `../etc/passwd`, a path outside the repository');
  });
});
