import { afterEach, describe, expect, test } from 'vitest';
import { createBuiltinAgent } from '../../../src/agents/builtin/create-builtin-agent.js';
import { trackPoints } from '../../../src/protocol/track-points.js';
import { makeDocument, makeRequest, makeWorkTree, newFileDiff, section, topHeadingLines } from './builtin-helpers.js';

const appLines = ['export function greet(name) {', '  console.log(name);', '  return `hi ${name}`;', '}'];
const cliLines = ['#!/usr/bin/env node', "console.log('usage: tool <file>');"];
const diff = newFileDiff('src/app.js', appLines) + newFileDiff('bin/tool.js', cliLines);
const files = { 'src/app.js': `${appLines.join('\n')}\n`, 'bin/tool.js': `${cliLines.join('\n')}\n` };

const review = section(
  'review',
  0,
  [
    '### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`\n\nLine 2 adds `console.log(name);`.',
    '### R2. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:40`',
    '### R3. Debug output left in `bin/tool.js`\n\n**Severity:** medium\n\n**Evidence:** `bin/tool.js:2`',
    '### R4. TODO-style comment\n\n**Severity:** low\n\n**Evidence:** `src/app.js:1`',
    '### R5. Debugger statement left\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:3`\n\nIt adds `debugger;`.',
    '### R6. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`',
  ].join('\n\n'),
);

const response = section(
  'response',
  1,
  [
    '### R1. a\n\n**Disagreed** — that is intended logging.',
    '### R2. b\n\n**Disagreed** — the file has 4 lines.',
    '### R3. c\n\n**Partially agreed** — it is a CLI; the severity should be low.',
    '### R4. d\n\n**Agreed**',
    '### R5. e\n\n**Disagreed** — line 3 is a return statement.',
  ].join('\n\n'),
);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function followUp() {
  const tree = await makeWorkTree(files);
  cleanups.push(tree.cleanup);
  const document = makeDocument([review, response]);
  return createBuiltinAgent().writeTurn(makeRequest('follow-up', { diff, cwd: tree.dir, document, round: 1 }));
}

describe('the builtin follow-up', () => {
  test('maintains holding evidence, withdraws what does not hold, accepts a lower severity', async () => {
    const blocks = (await followUp()).split(/\n(?=### )/).map((block) => block.trim());
    expect(blocks).toEqual([
      "_Rule-based follow-up by code-debate's built-in agent; not a language model._\n\nRe-checked 5 open points: 2 maintained, 2 withdrawn, 1 accepted.",
      '### R1. Debug output left in `src/app.js`\n\n**Maintained** — re-checked: the evidence holds.\n\n- `src/app.js:2` reads `console.log(name);`; the debug output rule fires on it.',
      '### R2. Debug output left in `src/app.js`\n\n**Withdrawn** — re-checked: the evidence does not hold.\n\n- `src/app.js:40`: there is no line 40; the file has 4 lines.',
      '### R3. Debug output left in `bin/tool.js`\n\n**Accepted** the response: severity lowered to low.\n\n- `bin/tool.js:2` reads `console.log(\'usage: tool <file>\');`; the debug output rule fires on it.',
      '### R5. Debugger statement left\n\n**Withdrawn** — re-checked: the evidence does not hold.\n\n- `src/app.js:3` reads ``return `hi ${name}`;``: the debugger statements rule does not fire on it or within 2 lines of it.',
      '### R6. Debug output left in `src/app.js`\n\n**Maintained** — re-checked (the response did not categorize this point): the evidence holds.\n\n- `src/app.js:2` reads `console.log(name);`; the debug output rule fires on it.',
    ]);
  });

  test('is read by the ledger as it means: maintained points stay open, the others are resolved', async () => {
    const text = await followUp();
    const states = trackPoints(makeDocument([review, response, section('follow-up', 1, text)]));
    expect(states.map((state) => [state.point.id, state.position, state.resolved])).toEqual([
      ['R1', 'maintained', false],
      ['R2', 'withdrawn', true],
      ['R3', 'accepted', true],
      ['R4', null, true],
      ['R5', 'withdrawn', true],
      ['R6', 'maintained', false],
    ]);
    expect(topHeadingLines(text)).toEqual([]);
  });
});
