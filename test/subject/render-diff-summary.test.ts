import { describe, expect, test } from 'vitest';
import { describeFileChange } from '../../src/git/describe-file-change.js';
import type { FileDiff } from '../../src/git/file-diff.js';
import { fileDiff } from '../git/file-diff-fixture.js';
import type { ShownFile } from '../../src/subject/fit-diff-budget.js';
import { maxListedFiles, maxNamedOmitted, renderDiffSummary } from '../../src/subject/render-diff-summary.js';

const file = fileDiff;
const shown = (diff: FileDiff): ShownFile => ({ file: diff, nonUtf8: false, patch: diff.patch });

describe('describeFileChange', () => {
  test.each<[Partial<FileDiff> & { path: string }, string]>([
    [{ path: 'empty.txt', status: 'added', oldMode: null }, 'empty.txt (added, empty)'],
    [{ path: 'bin/run', status: 'deleted', oldMode: '100755', newMode: null, deleted: 3 }, 'bin/run (deleted executable file, +0 -3)'],
    [{ path: 'link', status: 'added', oldMode: null, newMode: '120000', added: 1 }, 'link (added symbolic link, +1 -0)'],
    [{ path: 'b.ts', oldPath: 'a.ts', status: 'copied', oldMode: null, newMode: null, similarity: 100 }, 'a.ts → b.ts (copied, 100% similar, content unchanged)'],
    [{ path: 'tool', oldMode: '100755', newMode: '100644', added: 1, deleted: 1 }, 'tool (modified, mode 100755 → 100644, no longer executable, +1 -1)'],
    [{ path: 'lib', status: 'deleted', oldMode: '160000', newMode: null, submodule: { from: 'abcdef0123', to: null } }, 'lib (deleted submodule, was at commit abcdef0)'],
    [{ path: 'x.txt', status: 'unmerged', oldMode: null, newMode: null }, 'x.txt (unmerged: its merge conflict is not resolved, so git shows no diff)'],
  ])('%j', (changes, expected) => {
    expect(describeFileChange(file(changes.path, changes), false)).toBe(expected);
  });
});

describe('renderDiffSummary', () => {
  test('no files', () => {
    expect(renderDiffSummary([], new Set(), 100)).toBe('No files changed.');
  });

  test(`lists at most ${maxListedFiles} files, the riskiest, and names at most ${maxNamedOmitted} left out`, () => {
    const files = [
      ...Array.from({ length: maxListedFiles }, (_, index) => shown(file(`src/f${String(index).padStart(3, '0')}.ts`, { added: 2, patch: 'x'.repeat(10) }))),
      shown(file('dist/a.js', { added: 1, patch: 'y' })),
      shown(file('dist/b.js', { added: 1, patch: 'y' })),
    ];
    const kept = new Set(files.slice(0, 10));
    const summary = renderDiffSummary(files, kept, 100).split('\n');
    expect(summary[0]).toBe(`${maxListedFiles + 2} files changed, +${maxListedFiles * 2 + 2} -0 lines:`);
    expect(summary[1]).toBe('- src/f000.ts (modified, +2 -0)');
    expect(summary[11]).toBe('- src/f010.ts (modified, +2 -0, diff left out for size)');
    expect(summary[maxListedFiles + 1]).toBe('- and 2 more files (+2 -0 lines) not listed here, being of lower risk; 0 of them are in the diff.');
    expect(summary.at(-1)).toMatch(
      new RegExp(
        `^Left out of the diff: ${maxListedFiles - 8} files whose diffs \\(${(maxListedFiles - 10) * 10 + 2} bytes\\) did not fit in the 100-byte budget .*: src/f010\\.ts \\(source, 10 bytes\\), .* and ${maxListedFiles - 8 - maxNamedOmitted} more\\. Their line counts`,
      ),
    );
  });
});
