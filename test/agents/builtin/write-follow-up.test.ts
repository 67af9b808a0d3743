import { afterEach, describe, expect, test } from 'vitest';
import { createBuiltinAgent } from '../../../src/agents/builtin/create-builtin-agent.js';
import { followUpNote } from '../../../src/agents/builtin/write-follow-up.js';
import type { PointAnswerData, RaisedPoint } from '../../../src/protocol/answer-schema.js';
import { renderAnswer } from '../../../src/protocol/render-answer.js';
import { trackPoints } from '../../../src/protocol/track-points.js';
import { makeDocument, makeRequest, makeWorkTree, newFileDiff, readTurn, section, topHeadingLines } from './builtin-helpers.js';

const appLines = ['export function greet(name) {', '  console.log(name);', '  return `hi ${name}`;', '}'];
const cliLines = ['#!/usr/bin/env node', "console.log('usage: tool <file>');"];
const diff = newFileDiff('src/app.js', appLines) + newFileDiff('bin/tool.js', cliLines);
const files = { 'src/app.js': `${appLines.join('\n')}\n`, 'bin/tool.js': `${cliLines.join('\n')}\n` };
const at = (path: string, line: number) => ({ path, line, endLine: null });

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
    '### R7. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`',
  ].join('\n\n'),
);

const answer = (id: string, position: PointAnswerData['position'], reasoning: string): PointAnswerData => ({ id, position, reasoning, evidence: [] });
const raised = (id: string, title: string, evidence: RaisedPoint['evidence'], reasoning: string): RaisedPoint => ({ id, title, severity: 'medium', evidence, reasoning });

/** Response 1 as code-debate renders a Responder's data: R6 left without an answer (open, not held: it is asked for again), five points of its own raised. */
function response(newPoints: RaisedPoint[] = []) {
  const answers = [
    answer('R1', 'disagreed', 'That is intended logging.'),
    answer('R2', 'disagreed', 'The file has 4 lines.'),
    answer('R3', 'partially-agreed', 'It is a CLI; the severity should be low.'),
    answer('R4', 'agreed', 'Yes.'),
    answer('R5', 'disagreed', 'Line 3 is a return statement.'),
    answer('R7', 'partially-agreed', 'It is there, but the severity should be low: nobody reads that output.'),
  ];
  return section('response', 1, renderAnswer({ summary: '', answers, positions: [], newPoints }));
}

const responderPoints = [
  raised('F1', 'Debug output left in `src/app.js`', [at('src/app.js', 2)], 'Line 2 prints the name.'),
  raised('F2', 'Unsafe eval', [at('src/app.js', 1)], 'It calls `eval(input)`.'),
  raised('F3', 'The naming is inconsistent', [], 'Several names differ in style.'),
  raised('F4', 'Greeting built by hand', [at('src/app.js', 2), at('src/app.js', 9)], 'See ``return `hi ${name}`;``.'),
  raised('F5', 'Debug output left in `bin/tool.js`', [at('bin/tool.js', 2)], 'It prints the usage.'),
];

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function followUp(responseSection = response()) {
  const tree = await makeWorkTree(files);
  cleanups.push(tree.cleanup);
  const document = makeDocument([review, responseSection]);
  const request = makeRequest('follow-up', { diff, cwd: tree.dir, document, round: 1 });
  return { ...readTurn(await createBuiltinAgent().writeTurn(request), request), document };
}

const debugOutputHolds = '- `src/app.js:2` reads `console.log(name);`; the debug output rule fires on it.';
const cliHolds = "- `bin/tool.js:2` reads `console.log('usage: tool <file>');`; the debug output rule fires on it.";

const positions = [
  { id: 'R1', position: 'Maintained', reasoning: `Re-checked: the evidence holds.\n\n${debugOutputHolds}`, severity: null },
  { id: 'R2', position: 'Withdrawn', reasoning: 'Re-checked: the evidence does not hold.\n\n- `src/app.js:40`: there is no line 40; the file has 4 lines.', severity: null },
  {
    id: 'R3',
    position: 'Accepted',
    reasoning: `The response is right: the severity is lowered to low.\n\n${cliHolds}`,
    severity: { to: 'low', reason: 'the file is a script or a test, where printing is expected' },
  },
  {
    id: 'R5',
    position: 'Withdrawn',
    reasoning:
      'Re-checked: the evidence does not hold.\n\n- `src/app.js:3` reads ``return `hi ${name}`;``: the debugger statements rule does not fire on it or within 2 lines of it.',
    severity: null,
  },
  {
    id: 'R7',
    position: 'Accepted',
    reasoning: `The response is right: the severity is lowered to low.\n\n${debugOutputHolds}`,
    severity: { to: 'low', reason: 'as the response argues' },
  },
];

describe('the builtin follow-up', () => {
  test('maintains holding evidence, withdraws what does not hold, accepts a lower severity with the reason for it', async () => {
    const { data } = await followUp();
    expect(data).toEqual({
      summary: `${followUpNote}\n\nRe-checked 5 open points: 1 maintained, 2 withdrawn, 2 accepted.`,
      positions,
      newPoints: [],
    });
  });

  test('answers each point the Responder raised by re-checking its evidence', async () => {
    const { data } = await followUp(response(responderPoints));
    expect(data).toEqual({
      summary: `${followUpNote}\n\nRe-checked 5 open points: 1 maintained, 2 withdrawn, 2 accepted. Answered 5 points the response raised: 1 agreed, 2 partially agreed, 2 disagreed.`,
      answers: [
        { id: 'F1', label: 'Agreed', reasoning: `The cited evidence checks out.\n\n${debugOutputHolds}`, evidence: [at('src/app.js', 2)] },
        {
          id: 'F2',
          label: 'Disagreed',
          reasoning:
            'None of the cited evidence says what the point says.\n\n- `src/app.js:1` reads `export function greet(name) {`: `eval(input)` is not on it or within 2 lines of it.',
          evidence: [at('src/app.js', 1)],
        },
        { id: 'F3', label: 'Disagreed', reasoning: 'The point cites no `path:line`, so there is nothing to check it against; please cite the file and line.', evidence: [] },
        {
          id: 'F4',
          label: 'Partially agreed',
          reasoning:
            '1 of 2 cited lines check out; the others do not.\n\n' +
            '- `src/app.js:2` reads ``return `hi ${name}`;`` (line 3), as the point quotes.\n' +
            '- `src/app.js:9`: there is no line 9; the file has 4 lines.',
          evidence: [at('src/app.js', 3)],
        },
        {
          id: 'F5',
          label: 'Partially agreed',
          reasoning: `The evidence checks out, but medium overstates it: the file is a script or a test, where printing is expected, so the severity should be low.\n\n${cliHolds}`,
          evidence: [at('bin/tool.js', 2)],
        },
      ],
      positions,
      newPoints: [],
    });
  });

  test('with no point of its own left open, only answers, and its data has no positions', async () => {
    const agreed = section(
      'response',
      1,
      renderAnswer({
        summary: '',
        answers: ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7'].map((id) => answer(id, 'agreed', 'Yes.')),
        positions: [],
        newPoints: responderPoints.slice(0, 1),
      }),
    );
    const { data } = await followUp(agreed);
    expect(data).toEqual({
      summary: `${followUpNote}\n\nAnswered 1 point the response raised: 1 agreed.`,
      answers: [{ id: 'F1', label: 'Agreed', reasoning: `The cited evidence checks out.\n\n${debugOutputHolds}`, evidence: [at('src/app.js', 2)] }],
      newPoints: [],
    });
  });

  test('is read by the ledger as it means: maintained and disputed points stay open, the others are resolved', async () => {
    const { body, document } = await followUp(response(responderPoints));
    const states = trackPoints(makeDocument([...document.sections, section('follow-up', 1, body)]));
    expect(states.map((state) => [state.point.id, state.owner, state.answer, state.held, state.resolved])).toEqual([
      ['R1', 'reviewer', 'disagreed', 'maintained', false],
      ['R2', 'reviewer', 'disagreed', 'withdrawn', true],
      ['R3', 'reviewer', 'partially-agreed', 'accepted', true],
      ['R4', 'reviewer', 'agreed', null, true],
      ['R5', 'reviewer', 'disagreed', 'withdrawn', true],
      ['R6', 'reviewer', null, null, false],
      ['R7', 'reviewer', 'partially-agreed', 'accepted', true],
      ['F1', 'responder', 'agreed', null, true],
      ['F2', 'responder', 'disagreed', null, false],
      ['F3', 'responder', 'disagreed', null, false],
      ['F4', 'responder', 'partially-agreed', null, false],
      ['F5', 'responder', 'partially-agreed', null, false],
    ]);
    expect(topHeadingLines(body)).toEqual([]);
  });
});
