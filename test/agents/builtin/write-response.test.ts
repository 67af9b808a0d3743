import { afterEach, describe, expect, test } from 'vitest';
import { createBuiltinAgent } from '../../../src/agents/builtin/create-builtin-agent.js';
import { responseNote } from '../../../src/agents/builtin/write-response.js';
import { renderAnswer } from '../../../src/protocol/render-answer.js';
import { makeDocument, makeRequest, makeWorkTree, newFileDiff, readTurn, section, topHeadingLines } from './builtin-helpers.js';

const appLines = ['export function greet(name) {', '  console.log(name);', '  return `hi ${name}`;', '}'];
const diff = newFileDiff('src/app.js', appLines);
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** The builtin responder's answer to a review body, with the work tree holding `files`: its data, checked against the response schema. */
async function respond(reviewBody: string, files: Record<string, string>, changeDiff = diff, later: ReturnType<typeof section>[] = []) {
  const tree = await makeWorkTree(files);
  cleanups.push(tree.cleanup);
  const document = makeDocument([section('review', 0, reviewBody), ...later]);
  const round = later.filter((candidate) => candidate.kind === 'follow-up').length + 1;
  const request = makeRequest('response', { diff: changeDiff, cwd: tree.dir, document, round });
  const read = readTurn(await createBuiltinAgent().writeTurn(request), request);
  const answered = Object.fromEntries(read.answer.answers.map((answer) => [answer.id, answer.position]));
  const reasonings = Object.fromEntries(read.answer.answers.map((answer) => [answer.id, answer.reasoning]));
  return { ...read, answered, reasonings };
}

const app = { 'src/app.js': `${appLines.join('\n')}\n` };
const at = (path: string, line: number) => ({ path, line, endLine: null });

describe('the builtin responder', () => {
  test('agrees with a point whose evidence checks out, saying what it checked and citing the line it read', async () => {
    const { data, body } = await respond(
      '### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`\n\nLine 2 adds `console.log(name);`.',
      app,
    );
    expect(data).toEqual({
      summary: `${responseNote}\n\nAnswered 1 open point: 1 agreed.`,
      answers: [
        {
          id: 'R1',
          label: 'Agreed',
          reasoning: 'The cited evidence checks out.\n\n- `src/app.js:2` reads `console.log(name);`; the debug output rule fires on it.',
          evidence: [at('src/app.js', 2)],
        },
      ],
      newPoints: [],
    });
    expect(topHeadingLines(body)).toEqual([]);
  });

  test('disagrees with a point citing a line the file does not have, citing nothing it could not read', async () => {
    const { data } = await respond('1. **Leftover logging** (medium) — `src/app.js:40` logs `console.log(name)`.', app);
    expect(data.answers).toEqual([
      {
        id: 'R1',
        label: 'Disagreed',
        reasoning: 'None of the cited evidence says what the point says.\n\n- `src/app.js:40`: there is no line 40; the file has 4 lines.',
        evidence: [],
      },
    ]);
  });

  test('disagrees with a point citing a file that exists neither in the change nor in the work tree', async () => {
    const { answered, reasonings } = await respond('### R1. Debug output\n\n**Evidence:** `src/other.js:2`\n\n`console.log(name)`', app);
    expect(answered).toEqual({ R1: 'disagreed' });
    expect(reasonings.R1).toContain('- `src/other.js:2`: `src/other.js` is neither in the change nor in the work tree (src/other.js does not exist).');
  });

  test('disagrees when the cited line does not say what the point quotes, quoting and citing what is there', async () => {
    const { answer } = await respond('### R1. Unsafe eval\n\n**Evidence:** `src/app.js:1`\n\nIt calls `eval(input)`.', app);
    expect(answer.answers).toEqual([
      {
        id: 'R1',
        position: 'disagreed',
        reasoning:
          'None of the cited evidence says what the point says.\n\n- `src/app.js:1` reads `export function greet(name) {`: `eval(input)` is not on it or within 2 lines of it.',
        evidence: [at('src/app.js', 1)],
      },
    ]);
  });

  test('finds quoted code one or two lines away, and partially agrees when only some evidence holds', async () => {
    const { answer } = await respond('### R1. Greeting is built by hand\n\n**Evidence:** `src/app.js:2`, `src/app.js:9`\n\nSee ``return `hi ${name}`;``.', app);
    expect(answer.answers).toEqual([
      {
        id: 'R1',
        position: 'partially-agreed',
        reasoning:
          '1 of 2 cited lines check out; the others do not.\n\n' +
          '- `src/app.js:2` reads ``return `hi ${name}`;`` (line 3), as the point quotes.\n' +
          '- `src/app.js:9`: there is no line 9; the file has 4 lines.',
        evidence: [at('src/app.js', 3)],
      },
    ]);
  });

  test('agrees with a list-style point quoting one of several cited lines', async () => {
    const { answered } = await respond('1. **Greeting built by hand** — `src/app.js:3` and `src/app.js:1` build ``return `hi ${name}`;``.', app);
    expect(answered).toEqual({ R1: 'agreed' });
  });

  test('partially agrees when printing is rated medium in a command-line script', async () => {
    const cli = ['#!/usr/bin/env node', "console.log('usage: tool <file>');"];
    const { answered, reasonings } = await respond(
      '### R1. Debug output left in `bin/tool.js`\n\n**Severity:** medium\n\n**Evidence:** `bin/tool.js:2`',
      { 'bin/tool.js': `${cli.join('\n')}\n` },
      newFileDiff('bin/tool.js', cli),
    );
    expect(answered).toEqual({ R1: 'partially-agreed' });
    expect(reasonings.R1).toMatch(
      /^The evidence checks out, but medium overstates it: the file is a script or a test, where printing is expected, so the severity should be low\.\n\n/,
    );
  });

  test('partially agrees with a point without evidence, asking for a path:line', async () => {
    const { data } = await respond('### R1. The naming is inconsistent\n\nSeveral names differ in style.', app);
    expect(data.answers).toEqual([
      { id: 'R1', label: 'Partially agreed', reasoning: 'The point cites no `path:line`, so there is nothing to check it against; please cite the file and line.', evidence: [] },
    ]);
  });

  test('lowers "no test change" when an existing test imports the changed module, and says no more than that', async () => {
    const { answered, reasonings } = await respond('### R1. Source changed without any test change\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:1`', {
      ...app,
      'test/greeting.test.js': "import { greet } from '../src/app.js';\n",
    });
    expect(answered).toEqual({ R1: 'partially-agreed' });
    expect(reasonings.R1).toBe(
      'No test changes, but existing tests import the changed modules (whether they exercise this change is not checked), so the severity should be low.\n\n' +
        '- The change adds lines to 1 source file (`src/app.js`) and changes no test file.\n' +
        '- `src/app.js` is imported by `test/greeting.test.js`.',
    );
  });

  test('agrees with "no test change" when no test mentions the module, and disagrees when the change touches tests', async () => {
    const point = '### R1. Source changed without any test change\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:1`';
    expect((await respond(point, { ...app, 'test/other.test.js': 'other\n' })).answered).toEqual({ R1: 'agreed' });
    // A test that names the module without importing it (a comment, a string) is no sign it is tested.
    const mentions = { ...app, 'test/other.test.js': "// TODO: a test for app\nit('greets like app does', () => {});\n" };
    expect((await respond(point, mentions)).answered).toEqual({ R1: 'agreed' });
    const withTest = diff + newFileDiff('test/app.test.js', ['import "../src/app.js";']);
    const { answered, reasonings } = await respond(point, app, withTest);
    expect(answered).toEqual({ R1: 'disagreed' });
    expect(reasonings.R1).toBe('The change does touch tests: `test/app.test.js`.');
  });

  test('refuses evidence outside the work tree without reading it', async () => {
    const { answered, reasonings } = await respond('### R1. Secret in config\n\n**Evidence:** `../outside.js:1`', app);
    expect(answered).toEqual({ R1: 'disagreed' });
    expect(reasonings.R1).toContain('(../outside.js is outside the work tree)');
  });

  test('agrees with a clean review by re-running the rules', async () => {
    const clean = newFileDiff('src/a.ts', ['export const a = 1;']) + newFileDiff('test/a.test.ts', ['a']);
    const { data } = await respond('### R1. No rule-based finding in the added lines\n\n**Severity:** nit', {}, clean);
    expect(data.answers).toEqual([{ id: 'R1', label: 'Agreed', reasoning: 'Re-ran the 8 rules over the 2 added lines in 2 files: none fires.', evidence: [] }]);
  });

  test("answers a plain peer's review that cites no lines", async () => {
    const { answered, reasonings } = await respond(
      '### 1. Unchecked return value\nThe result of the parse call is used without checking for failure.\n\n### 2. Missing test for the new branch\nThe new conditional has no test that reaches it.',
      app,
    );
    expect(answered).toEqual({ R1: 'partially-agreed', R2: 'agreed' });
    expect(reasonings.R2).toBe('No test file changes while source files do.\n\n- The change adds lines to 1 source file (`src/app.js`) and changes no test file.');
  });

  test('in round 2 answers only the points still open', async () => {
    const review = [
      '### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`',
      '### R2. Unsafe eval\n\n**Severity:** high\n\n**Evidence:** `src/app.js:1`\n\nIt calls `eval(input)`.',
      '### R3. Debugger statement left\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:3`',
    ].join('\n\n');
    const later = [
      section('response', 1, '### R1 — Agreed\n\nyes.\n\n### R2 — Disagreed\n\nno.\n\n### R3 — Disagreed\n\nno.'),
      section('follow-up', 1, '### R2 — Withdrawn\n\nright.\n\n### R3 — Maintained\n\nit is there.'),
    ];
    const { data, answered } = await respond(review, app, diff, later);
    expect(answered).toEqual({ R3: 'disagreed' });
    expect(data.summary).toBe(`${responseNote}\n\nAnswered 1 open point: 1 disagreed.`);
  });

  test('holds a position on each open point it raised itself, re-checked as the Reviewer re-checks its own', async () => {
    const review = '### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`';
    const raised = (id: string, title: string, line: number, reasoning: string) => ({ id, title, severity: 'medium' as const, evidence: [at('src/app.js', line)], reasoning });
    const later = [
      section(
        'response',
        1,
        renderAnswer({
          summary: '',
          answers: [{ id: 'R1', position: 'disagreed', reasoning: 'Intended.', evidence: [] }],
          positions: [],
          newPoints: [raised('F1', 'Debug output left in `src/app.js`', 2, 'It prints the name.'), raised('F2', 'Unsafe eval', 1, 'It calls `eval(input)`.')],
        }),
      ),
      section('follow-up', 1, '### R1 — Maintained\n\nIt is there.\n\n### F1 — Disagreed\n\nIt is the same as R1.\n\n### F2 — Disagreed\n\nThere is no eval.'),
    ];
    const { data } = await respond(review, app, diff, later);
    expect(data).toEqual({
      summary: `${responseNote}\n\nAnswered 1 open point: 1 agreed. Re-checked 2 open points it raised: 1 maintained, 1 withdrawn.`,
      answers: [
        {
          id: 'R1',
          label: 'Agreed',
          reasoning: 'The cited evidence checks out.\n\n- `src/app.js:2` reads `console.log(name);`; the debug output rule fires on it.',
          evidence: [at('src/app.js', 2)],
        },
      ],
      positions: [
        {
          id: 'F1',
          position: 'Maintained',
          reasoning: 'Re-checked: the evidence holds.\n\n- `src/app.js:2` reads `console.log(name);`; the debug output rule fires on it.',
          severity: null,
        },
        {
          id: 'F2',
          position: 'Withdrawn',
          reasoning: 'Re-checked: the evidence does not hold.\n\n- `src/app.js:1` reads `export function greet(name) {`: `eval(input)` is not on it or within 2 lines of it.',
          severity: null,
        },
      ],
      newPoints: [],
    });
  });
});
