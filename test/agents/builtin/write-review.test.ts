import { describe, expect, test } from 'vitest';
import { findProblems, summarizeScan } from '../../../src/agents/builtin/find-problems.js';
import { parseUnifiedDiff } from '../../../src/agents/builtin/parse-unified-diff.js';
import { writeReview } from '../../../src/agents/builtin/write-review.js';
import { readPoints } from '../../../src/protocol/read-points.js';
import { changedFileDiff, newFileDiff, topHeadingLines } from './builtin-helpers.js';

function review(diff: string): string {
  const files = parseUnifiedDiff(diff);
  return writeReview(findProblems(files), summarizeScan(files));
}

describe('writeReview', () => {
  test('writes the note, a summary and one point per problem, in the format the protocol reads', () => {
    const text = review(changedFileDiff('src/app.ts', 10, ['function a() {'], ['  console.log(user);', '  // TODO: check user']));
    expect(text).toBe(
      [
        "_Rule-based review by code-debate's built-in agent; not a language model._",
        '',
        'The built-in agent checked 2 added lines in 1 file against 8 rules (merge conflict markers, credentials, focused tests, skipped tests, debugger statements, debug output, TODO-style comments, source changed without tests). It found 3 problems: 2 medium, 1 low. It matches patterns only; it cannot judge design or logic.',
        '',
        '### R1. Debug output left in `src/app.ts`',
        '',
        '**Severity:** medium',
        '',
        '**Evidence:** `src/app.ts:11`',
        '',
        'Line 11 adds `console.log(user);`. Printing to standard output outside a command-line entry point is usually debugging left behind: it pollutes the output of every caller.',
        '',
        "**Suggested fix:** Delete it, or use the project's logger at debug level.",
        '',
        '### R2. Source changed without any test change',
        '',
        '**Severity:** medium',
        '',
        '**Evidence:** `src/app.ts:11`',
        '',
        'The change adds lines to 1 source file and changes no test file (none under a test folder, none named like a test). The change edits source files but adds or changes no test, so nothing shows the new behaviour works or guards it later.',
        '',
        '**Suggested fix:** Add or update a test that exercises the changed code.',
        '',
        '### R3. TODO-style comment added in `src/app.ts`',
        '',
        '**Severity:** low',
        '',
        '**Evidence:** `src/app.ts:12`',
        '',
        'Line 12 adds `// TODO: check user`. The change adds a note that work is unfinished; it is easy to merge and forget.',
        '',
        '**Suggested fix:** Finish the work in this change, or open an issue and reference it in the comment.',
      ].join('\n'),
    );
    expect(readPoints(text).map((point) => [point.id, point.severity, point.evidence])).toEqual([
      ['R1', 'medium', [{ path: 'src/app.ts', line: 11 }]],
      ['R2', 'medium', [{ path: 'src/app.ts', line: 11 }]],
      ['R3', 'low', [{ path: 'src/app.ts', line: 12 }]],
    ]);
  });

  test('lists at most five lines of a grouped point and says how many more', () => {
    const lines = Array.from({ length: 8 }, (_, index) => `console.log(${index});`);
    const text = review(newFileDiff('src/noisy.js', lines) + newFileDiff('test/noisy.test.js', ['x']));
    expect(text).toContain('**Evidence:** `src/noisy.js:1`, `src/noisy.js:2`, `src/noisy.js:3`, `src/noisy.js:4`, `src/noisy.js:5` and 3 more');
    expect(text).toContain('Line 1 adds `console.log(0);` (8 lines in all).');
  });

  test('masks a committed secret and cuts long quotes', () => {
    const secret = 'q8v9w0x1' + 'y2z3a4b5c6d7e8f9';
    const long = `const message = "${'x'.repeat(150)}"; // TODO: shorten`;
    const text = review(newFileDiff('src/config.ts', [`export const apiKey = '${secret}';`, long]) + newFileDiff('test/c.test.ts', ['x']));
    expect(text).not.toContain(secret);
    expect(text).toContain("Line 1 adds `export const apiKey = 'q8v9…';`.");
    expect(text).toContain(`Line 2 adds \`const message = "${'x'.repeat(82)}…\`.`);
  });

  test('a clean diff still gets one nit point that says what was checked', () => {
    const text = review(newFileDiff('src/a.ts', ['export const a = 1;']) + newFileDiff('test/a.test.ts', ["import { a } from '../src/a.js';"]));
    expect(text.split('\n\n').slice(2)).toEqual([
      '### R1. No rule-based finding in the added lines',
      '**Severity:** nit',
      'None of the 8 rules fired on the 2 added lines in 2 files. This says nothing about design or logic, which a rule-based agent cannot judge.',
      '**Suggested fix:** Nothing for these rules; have a person or a model review the logic.',
    ]);
    expect(readPoints(text).map((point) => [point.id, point.severity, point.evidence])).toEqual([['R1', 'nit', []]]);
  });

  test('an empty diff says there is nothing to check', () => {
    expect(review('')).toContain('The change adds no line of text to check.');
  });

  test('never writes a line a peer could take for a level-1 or level-2 heading', () => {
    const text = review(newFileDiff('docs/a.md', ['# Title', '## Section', '<<<<<<< HEAD', '=======', '>>>>>>> x']));
    expect(topHeadingLines(text)).toEqual([]);
  });
});
