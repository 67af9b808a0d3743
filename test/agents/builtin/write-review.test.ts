import { describe, expect, test } from 'vitest';
import { findProblems, summarizeScan } from '../../../src/agents/builtin/find-problems.js';
import { parseUnifiedDiff } from '../../../src/agents/builtin/parse-unified-diff.js';
import { writeReview } from '../../../src/agents/builtin/write-review.js';
import { readPoints } from '../../../src/protocol/read-points.js';
import { changedFileDiff, makeDocument, newFileDiff, readTurn, topHeadingLines } from './builtin-helpers.js';

const note = "_Rule-based review by code-debate's built-in agent; not a language model._";
const rules = '8 rules (merge conflict markers, credentials, focused tests, skipped tests, debugger statements, debug output, TODO-style comments, source changed without tests)';

/** The builtin Review of `diff`: its JSON, checked against the review schema, and the section code-debate renders from it. */
function review(diff: string) {
  const files = parseUnifiedDiff(diff);
  return readTurn(writeReview(findProblems(files), summarizeScan(files)), { turn: 'review', role: 'reviewer', document: makeDocument([]) });
}

describe('writeReview', () => {
  test('answers with the review data: the note and a summary, then one point per problem with its lines as evidence', () => {
    const { data } = review(changedFileDiff('src/app.ts', 10, ['function a() {'], ['  console.log(user);', '  // TODO: check user']));
    expect(data).toEqual({
      summary: `${note}\n\nThe built-in agent checked 2 added lines in 1 file against ${rules}. It found 3 problems: 2 medium, 1 low. It matches patterns only; it cannot judge design or logic.`,
      points: [
        {
          title: 'Debug output left in `src/app.ts`',
          severity: 'medium',
          evidence: [{ path: 'src/app.ts', line: 11, endLine: null }],
          reasoning:
            'Line 11 adds `console.log(user);`. Printing to standard output outside a command-line entry point is usually debugging left behind: it pollutes the output of every caller.\n\n' +
            "**Suggested fix:** Delete it, or use the project's logger at debug level.",
        },
        {
          title: 'Source changed without any test change',
          severity: 'medium',
          evidence: [{ path: 'src/app.ts', line: 11, endLine: null }],
          reasoning:
            'The change adds lines to 1 source file and changes no test file (none under a test folder, none named like a test). The change edits source files but adds or changes no test, so nothing shows the new behaviour works or guards it later.\n\n' +
            '**Suggested fix:** Add or update a test that exercises the changed code.',
        },
        {
          title: 'TODO-style comment added in `src/app.ts`',
          severity: 'low',
          evidence: [{ path: 'src/app.ts', line: 12, endLine: null }],
          reasoning:
            'Line 12 adds `// TODO: check user`. The change adds a note that work is unfinished; it is easy to merge and forget.\n\n' +
            '**Suggested fix:** Finish the work in this change, or open an issue and reference it in the comment.',
        },
      ],
    });
  });

  test('the section code-debate renders from it gives each point its evidence once, as the protocol reads it back', () => {
    const { body } = review(changedFileDiff('src/app.ts', 10, ['function a() {'], ['  console.log(user);', '  // TODO: check user']));
    expect(body.match(/`src\/app\.ts:11`/g)).toHaveLength(2);
    expect(readPoints(body).map((point) => [point.id, point.title, point.severity, point.evidence])).toEqual([
      ['R1', 'Debug output left in `src/app.ts`', 'medium', [{ path: 'src/app.ts', line: 11 }]],
      ['R2', 'Source changed without any test change', 'medium', [{ path: 'src/app.ts', line: 11 }]],
      ['R3', 'TODO-style comment added in `src/app.ts`', 'low', [{ path: 'src/app.ts', line: 12 }]],
    ]);
  });

  test('cites consecutive lines as one range, at most five places, and says how many there are', () => {
    const together = review(
      newFileDiff(
        'src/noisy.js',
        Array.from({ length: 8 }, (_, index) => `console.log(${index});`),
      ) + newFileDiff('test/noisy.test.js', ['x']),
    );
    expect(together.answer.newPoints[0]).toMatchObject({ evidence: [{ path: 'src/noisy.js', line: 1, endLine: 8 }] });
    expect(together.answer.newPoints[0]?.reasoning).toMatch(/^Line 1 adds `console\.log\(0\);` \(8 lines in all\)\. Printing/);

    const apart = Array.from({ length: 7 }, (_, index) => [`console.log(${index});`, 'const x = 1;']).flat();
    const scattered = review(newFileDiff('src/noisy.js', apart) + newFileDiff('test/noisy.test.js', ['x']));
    expect(scattered.answer.newPoints[0]?.evidence).toEqual([1, 3, 5, 7, 9].map((line) => ({ path: 'src/noisy.js', line, endLine: null })));
    expect(scattered.answer.newPoints[0]?.reasoning).toContain('(7 lines in all). Printing');
    expect(scattered.answer.newPoints[0]?.reasoning).toContain('The evidence lists the first 5 of 7 places.');
  });

  test('masks a committed secret and cuts long quotes', () => {
    const secret = 'q8v9w0x1' + 'y2z3a4b5c6d7e8f9';
    const long = `const message = "${'x'.repeat(150)}"; // TODO: shorten`;
    const diff = newFileDiff('src/config.ts', [`export const apiKey = '${secret}';`, long]) + newFileDiff('test/c.test.ts', ['x']);
    const files = parseUnifiedDiff(diff);
    const text = writeReview(findProblems(files), summarizeScan(files));
    expect(text).not.toContain(secret);
    const reasonings = review(diff).answer.newPoints.map((point) => point.reasoning);
    expect(reasonings[0]).toMatch(/^Line 1 adds `export const apiKey = 'q8v9…';`\./);
    expect(reasonings[1]).toMatch(new RegExp(`^Line 2 adds \`const message = "${'x'.repeat(82)}…\`\\.`));
  });

  test('leaves out of the evidence a path the schema refuses, keeping the point', () => {
    const { answer } = review(newFileDiff('src/my file.js', ['console.log(1);']) + newFileDiff('test/a.test.js', ['x']));
    expect(answer.newPoints.map((point) => [point.title, point.evidence])).toEqual([['Debug output left in `src/my file.js`', []]]);
  });

  test('a clean diff still gets one nit point that says what was checked', () => {
    const { data } = review(newFileDiff('src/a.ts', ['export const a = 1;']) + newFileDiff('test/a.test.ts', ["import { a } from '../src/a.js';"]));
    expect(data.points).toEqual([
      {
        title: 'No rule-based finding in the added lines',
        severity: 'nit',
        evidence: [],
        reasoning:
          'None of the 8 rules fired on the 2 added lines in 2 files. This says nothing about design or logic, which a rule-based agent cannot judge.\n\n' +
          '**Suggested fix:** Nothing for these rules; have a person or a model review the logic.',
      },
    ]);
  });

  test('an empty diff says there is nothing to check', () => {
    expect(review('').answer.newPoints[0]?.reasoning).toMatch(/^The change adds no line of text to check\./);
  });

  test('quotes no line that the rendered section would show as a level-1 or level-2 heading', () => {
    const { body } = review(newFileDiff('docs/a.md', ['# Title', '## Section', '<<<<<<< HEAD', '=======', '>>>>>>> x']));
    expect(topHeadingLines(body)).toEqual([]);
  });
});
