import { describe, expect, test } from 'vitest';
import { writeConsensus } from '../../../src/agents/builtin/write-consensus.js';
import { makeDocument, section, topHeadingLines } from './builtin-helpers.js';

const review = section(
  'review',
  0,
  [
    '### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:2`\n\n**Suggested fix:** Delete it.',
    '### R2. Debug output left in `src/app.js`\n\n**Severity:** medium\n\n**Evidence:** `src/app.js:40`',
    '### R3. Debug output left in `bin/tool.js`\n\n**Severity:** medium\n\n**Evidence:** `bin/tool.js:2`\n\n**Suggested fix:** Use the logger.',
    '### R4. Credential committed in `src/config.js`\n\n**Severity:** critical\n\n**Evidence:** `src/config.js:1`\n\n**Suggested fix:** Rotate the key.',
    '### R5. Naming\n\n**Severity:** nit',
  ].join('\n\n'),
);

// The later sections as code-debate renders the agents' answers (see renderAnswer).
const sections = [
  review,
  section('response', 1, '### R1 — Disagreed\n\n### R2 — Disagreed\n\n### R3 — Partially agreed\n\n### R4 — Agreed\n\n### R5 — Partially agreed'),
  section(
    'follow-up',
    1,
    '### R1 — Maintained\n\nIt is there.\n\n### R2 — Withdrawn\n\nThere is no line 40.\n\n### R3 — Accepted\n\n**Severity:** → low: as the response argues\n\n### R5 — Maintained',
  ),
  section('response', 2, '### R1 — Disagreed\n\nIntended.\n\n### R5 — Agreed'),
];

describe('writeConsensus', () => {
  test('summarizes the outcome in one sentence and leaves the points and actions to the ledger', () => {
    expect(writeConsensus(makeDocument(sections))).toBe(
      "_Rule-based summary by code-debate's built-in agent; not a language model._\n\n" +
        'After 2 rounds, of 5 points: 3 agreed, 1 withdrawn, 1 still disputed. The disputed points need a person to decide.',
    );
  });

  test('a clean review agreed in one round', () => {
    const text = writeConsensus(
      makeDocument([section('review', 0, '### R1. No rule-based finding in the added lines\n\n**Severity:** nit'), section('response', 1, '### R1 — Agreed')]),
    );
    expect(text).toContain('of 1 point: 1 agreed, 0 withdrawn, 0 still disputed.');
    expect(topHeadingLines(text)).toEqual([]);
    expect(text).not.toContain('###');
  });
});
