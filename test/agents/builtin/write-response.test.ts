import { afterEach, describe, expect, test } from 'vitest';
import { createBuiltinAgent } from '../../../src/agents/builtin/create-builtin-agent.js';
import { readCategories } from '../../../src/protocol/read-categories.js';
import { makeDocument, makeRequest, makeWorkTree, newFileDiff, section, topHeadingLines } from './builtin-helpers.js';

const appLines = ['export function greet(name) {', '  console.log(name);', '  return `hi ${name}`;', '}'];
const diff = newFileDiff('src/app.js', appLines);
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** The builtin responder's answer to a review body, with the work tree holding `files`. */
async function respond(reviewBody: string, files: Record<string, string>, changeDiff = diff, later: ReturnType<typeof section>[] = []) {
  const tree = await makeWorkTree(files);
  cleanups.push(tree.cleanup);
  const document = makeDocument([section('review', 0, reviewBody), ...later]);
  const round = later.filter((candidate) => candidate.kind === 'follow-up').length + 1;
  const text = await createBuiltinAgent().writeTurn(makeRequest('response', { diff: changeDiff, cwd: tree.dir, document, round }));
  const categories = Object.fromEntries([...readCategories(text, document.points)].map(([id, reply]) => [id, reply.category]));
  return { text, categories };
}

const app = { 'src/app.js': `${appLines.join('\n')}\n` };

describe('the builtin responder', () => {
  test('agrees with a point whose evidence checks out, saying what it checked', async () => {
    const { text, categories } = await respond('### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`\n\nLine 2 adds `console.log(name);`.', app);
    expect(categories).toEqual({ R1: 'agreed' });
    expect(text.split('\n\n').slice(2)).toEqual([
      '### R1. Debug output left in `src/app.js`',
      '**Agreed** — the cited evidence checks out.',
      '- `src/app.js:2` reads `console.log(name);`; the debug output rule fires on it.',
    ]);
    expect(topHeadingLines(text)).toEqual([]);
  });

  test('disagrees with a point citing a line the file does not have', async () => {
    const { text, categories } = await respond('1. **Leftover logging** (medium) — `src/app.js:40` logs `console.log(name)`.', app);
    expect(categories).toEqual({ R1: 'disagreed' });
    expect(text).toContain('**Disagreed** — none of the cited evidence says what the point says.');
    expect(text).toContain('- `src/app.js:40`: there is no line 40; the file has 4 lines.');
  });

  test('disagrees with a point citing a file that exists neither in the change nor in the work tree', async () => {
    const { text, categories } = await respond('### R1. Debug output\n\n**Evidence:** `src/other.js:2`\n\n`console.log(name)`', app);
    expect(categories).toEqual({ R1: 'disagreed' });
    expect(text).toContain('- `src/other.js:2`: `src/other.js` is neither in the change nor in the work tree (src/other.js does not exist).');
  });

  test('disagrees when the cited line does not say what the point quotes, quoting what is there', async () => {
    const { text, categories } = await respond('### R1. Unsafe eval\n\n**Evidence:** `src/app.js:1`\n\nIt calls `eval(input)`.', app);
    expect(categories).toEqual({ R1: 'disagreed' });
    expect(text).toContain('- `src/app.js:1` reads `export function greet(name) {`: the quoted code is not on it or within 2 lines of it.');
  });

  test('finds quoted code one or two lines away, and partially agrees when only some evidence holds', async () => {
    const { text, categories } = await respond('### R1. Greeting is built by hand\n\n**Evidence:** `src/app.js:2`, `src/app.js:9`\n\nSee ``return `hi ${name}`;``.', app);
    expect(categories).toEqual({ R1: 'partially-agreed' });
    expect(text).toContain('**Partially agreed** — 1 of 2 cited lines check out; the others do not.');
    expect(text).toContain('- `src/app.js:2` reads ``return `hi ${name}`;`` (line 3), as the point quotes.');
    expect(text).toContain('- `src/app.js:9`: there is no line 9; the file has 4 lines.');
  });

  test('agrees with a list-style point quoting one of several cited lines', async () => {
    const { categories } = await respond('1. **Greeting built by hand** — `src/app.js:3` and `src/app.js:1` build ``return `hi ${name}`;``.', app);
    expect(categories).toEqual({ R1: 'agreed' });
  });

  test('partially agrees when printing is rated medium in a command-line script', async () => {
    const cli = ['#!/usr/bin/env node', "console.log('usage: tool <file>');"];
    const { text, categories } = await respond(
      '### R1. Debug output left in `bin/tool.js`\n\n**Severity:** medium\n\n**Evidence:** `bin/tool.js:2`',
      { 'bin/tool.js': `${cli.join('\n')}\n` },
      newFileDiff('bin/tool.js', cli),
    );
    expect(categories).toEqual({ R1: 'partially-agreed' });
    expect(text).toContain(
      '**Partially agreed** — the evidence checks out, but medium overstates it: the file is a script or a test, where printing is expected, so the severity should be low.',
    );
  });

  test('partially agrees with a point without evidence, asking for a path:line', async () => {
    const { text, categories } = await respond('### R1. The naming is inconsistent\n\nSeveral names differ in style.', app);
    expect(categories).toEqual({ R1: 'partially-agreed' });
    expect(text).toContain('**Partially agreed** — the point cites no `path:line`, so there is nothing to check it against; please cite the file and line.');
  });

  test('lowers "no test change" when an existing test already mentions the changed module', async () => {
    const { text, categories } = await respond(
      '### R1. Source changed without any test change\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:1`',
      { ...app, 'test/greeting.test.js': "import { greet } from '../src/app.js';\n" },
    );
    expect(categories).toEqual({ R1: 'partially-agreed' });
    expect(text).toContain('- `src/app.js` is mentioned by `test/greeting.test.js`.');
    expect(text).toContain('so the severity should be low.');
  });

  test('agrees with "no test change" when no test mentions the module, and disagrees when the change touches tests', async () => {
    const point = '### R1. Source changed without any test change\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:1`';
    expect((await respond(point, { ...app, 'test/other.test.js': 'other\n' })).categories).toEqual({ R1: 'agreed' });
    const withTest = diff + newFileDiff('test/app.test.js', ['import "../src/app.js";']);
    const { text, categories } = await respond(point, app, withTest);
    expect(categories).toEqual({ R1: 'disagreed' });
    expect(text).toContain('**Disagreed** — the change does touch tests: `test/app.test.js`.');
  });

  test('refuses evidence outside the work tree without reading it', async () => {
    const { text, categories } = await respond('### R1. Secret in config\n\n**Evidence:** `../outside.js:1`', app);
    expect(categories).toEqual({ R1: 'disagreed' });
    expect(text).toContain('(../outside.js is outside the work tree)');
  });

  test('agrees with a clean review by re-running the rules', async () => {
    const clean = newFileDiff('src/a.ts', ['export const a = 1;']) + newFileDiff('test/a.test.ts', ['a']);
    const { text, categories } = await respond('### R1. No rule-based finding in the added lines\n\n**Severity:** nit', {}, clean);
    expect(categories).toEqual({ R1: 'agreed' });
    expect(text).toContain('**Agreed** — re-ran the 8 rules over the 2 added lines in 2 files: none fires.');
  });

  test("answers a plain peer's review that cites no lines", async () => {
    const { text, categories } = await respond(
      '### 1. Unchecked return value\nThe result of the parse call is used without checking for failure.\n\n### 2. Missing test for the new branch\nThe new conditional has no test that reaches it.',
      app,
    );
    expect(categories).toEqual({ R1: 'partially-agreed', R2: 'agreed' });
    expect(text).toContain('### R2. Missing test for the new branch\n\n**Agreed** — no test file changes while source files do.');
  });

  test('in round 2 answers only the points still open', async () => {
    const review = [
      '### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`',
      '### R2. Unsafe eval\n\n**Evidence:** `src/app.js:1`\n\nIt calls `eval(input)`.',
      '### R3. Debugger statement left\n\n**Evidence:** `src/app.js:3`',
    ].join('\n\n');
    const later = [
      section('response', 1, '### R1. a\n\n**Agreed**\n\n### R2. b\n\n**Disagreed**\n\n### R3. c\n\n**Disagreed**'),
      section('follow-up', 1, '### R2. b\n\n**Withdrawn** — right.\n\n### R3. c\n\n**Maintained** — it is there.'),
    ];
    const { text, categories } = await respond(review, app, diff, later);
    expect(categories).toEqual({ R3: 'disagreed' });
    expect(text).toContain('Answered 1 open point: 1 disagreed.');
  });
});
