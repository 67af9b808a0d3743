import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { severities } from '../../src/protocol/document.js';
import type { TurnAnswer } from '../../src/protocol/answer-schema.js';
import { answerPositions, heldPositions } from '../../src/protocol/position.js';
import { renderAnswer } from '../../src/protocol/render-answer.js';
import { answerOf, readSection, type KnownPoint } from '../../src/protocol/read-section.js';

// Reasoning as models write it: label words, quotes, code fences, tables, headings, numbered lists, ids.
const fragments = [
  'Agreed',
  '**Agreed**',
  'Disagreed: no',
  '> **Withdrawn**',
  '~~Maintained~~',
  '### R2 — Agreed',
  '### R9. New point',
  '#### Details',
  '1. Preserve the order',
  '10. But keep it',
  'R1. Agreed',
  '- R2: Disagreed',
  '**R3** Accepted',
  '| R1 | Agreed |',
  '|---|---|',
  '```js\nconst a = 1;\n### R4 — Agreed\n```',
  '`src/a.ts:3`',
  'see src/b.ts:9-12',
  '**Severity:** high',
  '**Evidence:** `x.ts:1`',
  'plain words',
  '',
  '\\### R2 escaped already',
  '1\\. escaped',
  'Partially agreed (in part)',
  '<!-- note -->',
  '*Agreed*',
  '__Agreed__',
];
const text = fc
  .array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join('\n').trim())
  .filter((value) => value !== '');
const line = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.'()-]{0,40}[A-Za-z0-9.)]$/);
const evidence = fc.array(
  fc
    .record({
      path: fc.constantFrom('src/a.ts', 'lib/b.py', 'Makefile', 'cmd/x/main.go'),
      line: fc.integer({ min: 1, max: 500 }),
      span: fc.option(fc.integer({ min: 1, max: 20 })),
    })
    .map((item) => ({ path: item.path, line: item.line, endLine: item.span === null ? null : item.line + item.span })),
  { maxLength: 3 },
);

function answerFor(kind: 'response' | 'follow-up') {
  const other = kind === 'response' ? 'R' : 'F';
  const own = kind === 'response' ? 'F' : 'R';
  return fc
    .record({
      summary: fc.option(text).map((value) => value ?? ''),
      answers: fc.uniqueArray(fc.record({ n: fc.integer({ min: 1, max: 9 }), position: fc.constantFrom(...answerPositions), reasoning: text, evidence }), {
        selector: (item) => item.n,
        maxLength: 3,
      }),
      positions: fc.uniqueArray(
        fc.record({
          n: fc.integer({ min: 1, max: 9 }),
          position: fc.constantFrom(...heldPositions),
          reasoning: text,
          severity: fc.option(fc.record({ to: fc.constantFrom(...severities), reason: fc.option(line).map((value) => value ?? '') })),
        }),
        { selector: (item) => item.n, maxLength: 3 },
      ),
      newPoints: fc.uniqueArray(fc.record({ n: fc.integer({ min: 10, max: 19 }), title: line, severity: fc.constantFrom(...severities), reasoning: text, evidence }), {
        selector: (item) => item.n,
        maxLength: 2,
      }),
    })
    .map(
      (data): TurnAnswer => ({
        summary: data.summary,
        answers: data.answers.map((item) => ({ id: `${other}${item.n}`, position: item.position, reasoning: item.reasoning, evidence: item.evidence })),
        positions: data.positions.map((item) => ({ id: `${own}${item.n}`, position: item.position, reasoning: item.reasoning, severity: item.severity })),
        newPoints: data.newPoints.map((item) => ({ id: `${own}${item.n}`, title: item.title, severity: item.severity, reasoning: item.reasoning, evidence: item.evidence })),
      }),
    );
}

function known(answer: TurnAnswer): KnownPoint[] {
  return [...answer.answers, ...answer.positions].map((item) => ({ id: item.id, open: true }));
}

describe('the canonical form', () => {
  it('reads back as the answer it was rendered from, whatever the reasoning holds', () => {
    for (const kind of ['response', 'follow-up'] as const) {
      fc.assert(
        fc.property(answerFor(kind), (answer) => {
          const reading = readSection(kind, renderAnswer(answer), known(answer));
          expect(reading.unread).toEqual([]);
          expect(answerOf(reading)).toEqual(answer);
        }),
        { numRuns: 400 },
      );
    }
  });

  it('writes one `### <id> — <label>` block per answer', () => {
    const body = renderAnswer({
      summary: '',
      answers: [{ id: 'R1', position: 'partially-agreed', reasoning: 'The check is missing; the test is not.', evidence: [{ path: 'src/a.ts', line: 3, endLine: 5 }] }],
      positions: [],
      newPoints: [
        { id: 'F1', title: 'SQL built from input', severity: 'critical', reasoning: 'The query concatenates `name`.', evidence: [{ path: 'src/db.ts', line: 12, endLine: null }] },
      ],
    });
    expect(body).toBe(
      '### R1 — Partially agreed\n\n**Evidence:** `src/a.ts:3-5`\n\nThe check is missing; the test is not.\n\n' +
        '### F1. SQL built from input\n\n**Severity:** critical\n**Evidence:** `src/db.ts:12`\n\nThe query concatenates `name`.',
    );
  });
});
