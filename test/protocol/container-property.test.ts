import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingsOf } from './foreign-readings.js';

/** Runs of the property: each reads one small debate file. */
const numRuns = Number(process.env.FUZZ_RUNS ?? 150);

/** A block that answers R1 (any of its labels, in any of the styles the reader takes at the top level). */
const answer = fc.constantFrom<string>(
  '### R1 — Agreed',
  '### R1 — Disagreed\n\nThe call only runs under DEBUG.',
  '### R1\n\n**Agreed**: the log goes.',
  'R1. **Agreed** — the log goes.',
  '- **R1**: Agreed — the log goes.',
  '1. **Agreed** — the log goes.',
  'Reviewer Follow-up 1\n---\n\n### R1 — Agreed',
  '\uFEFF### R1 — Partially agreed',
);

/** Wraps `inner` in a container a reader's page shows as one: nothing in it is the section's top level. */
const containers: ReadonlyArray<(inner: string) => string> = [
  (inner) => `<!--\n${inner}\n-->`,
  (inner) => `<!-- draft: ${inner.replace(/\n/g, ' ')} -->`,
  (inner) => `<details>\n<summary>Earlier draft</summary>\n\n${inner}\n\n</details>`,
  (inner) => `<div>\n\n${inner}\n\n</div>`,
  (inner) =>
    inner
      .split('\n')
      .map((line) => `> ${line}`.trimEnd())
      .join('\n'),
  (inner) => `- Draft:\n\n${indent(inner, '  ')}`,
  (inner) => `1. Draft:\n\n${indent(inner, '   ')}`,
  (inner) => `\`\`\`markdown\n${inner}\n\`\`\``,
  (inner) => `~~~\n${inner}\n~~~`,
  (inner) => `Indented:\n\n${indent(inner, '    ')}`,
];

const indent = (text: string, by: string): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? '' : by + line))
    .join('\n');

/** Text around the container: prose, ATX and setext headings that answer nothing, BOMs. */
const filler = fc.constantFrom('', 'Reading the review.', '### Notes\n\nNothing to add.', 'Summary\n=======\n\nShort.', '\uFEFFA note.', '---', '**Bold words** in prose.');

describe('no block inside a container is ever read as an answer', () => {
  it('leaves R1 open whatever container, nesting and text around it', () => {
    fc.assert(
      fc.property(
        answer,
        // Each container once, a comment only outermost: a comment does not nest, nor does a fence in its own kind of fence.
        fc.uniqueArray(fc.integer({ min: 0, max: containers.length - 1 }), { minLength: 1, maxLength: 3 }).map((wraps) => [...wraps].sort((a, b) => Number(a < 2) - Number(b < 2))),
        filler,
        filler,
        (block, wraps, before, after) => {
          const wrapped = wraps.reduce((inner, index) => (containers[index] as (inner: string) => string)(inner), block);
          const body = [before, wrapped, after, '### R2 — Disagreed', '', 'The middleware checks it.', '', '### R3 — Agreed', '', 'It goes.']
            .filter((part) => part !== '')
            .join('\n\n');
          const readings = readingsOf('response', body);
          expect(readings.R1, body).toBe('unread');
          expect([readings.R2, readings.R3], body).toEqual(['disagreed', 'agreed']);
        },
      ),
      { numRuns },
    );
  });

  it('reads the same blocks at the top level', () => {
    fc.assert(
      fc.property(
        answer.filter((block) => !block.startsWith('Reviewer')),
        filler,
        (block, before) => {
          const body = [before, block].filter((part) => part !== '').join('\n\n');
          expect(readingsOf('response', body).R1, body).not.toBe('unread');
        },
      ),
      { numRuns: 40 },
    );
  });
});
