import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { leadingLabel } from '../../src/protocol/label-words.js';
import { readCategories } from '../../src/protocol/read-categories.js';
import { readPoints } from '../../src/protocol/read-points.js';
import { parseOk } from './parse-ok.js';

// The cases a review of the grammar found: each read wrong, or slowly, before it was fixed.
const points = readPoints('### R1. Accepts any input\n**Severity:** high\n\n### R2. Upload size\n**Severity:** medium\n');
const categories = (body: string) => Object.fromEntries([...readCategories(body, points)].map(([id, reply]) => [id, reply.category ?? reply.reading.state]));

describe('tables inside a point', () => {
  it('a numbered table of cases in R1 gives R2 nothing in a follow-up', () => {
    const review = '# Code Debate: x\n\n## Review\n\n### R1. Accepts any input\n**Severity:** high\n\n### R2. Upload size\n**Severity:** medium\n';
    const response = '\n---\n\n## Response 1\n\n### R1\n**Disagreed**\n\n### R2\n**Disagreed**\n';
    const followUp = '\n---\n\n## Reviewer Follow-up 1\n\n### R1. Maintained\nThe tests show it:\n\n| # | Route | Before | After |\n|---|---|---|---|\n| 1 | PUT /config | Rejected | Rejected |\n| 2 | POST /upload | Rejected | Accepted |\n';
    const ledger = buildLedger(parseOk(review + response + followUp));
    expect(ledger.points.map((point) => [point.id, point.status])).toEqual([
      ['R1', 'open'],
      ['R2', 'open'],
    ]);
  });

  it('a column of priorities over several rows is not the point’s severity', () => {
    const review = '### R1. Queue order\n**Severity:** high\n\n### R2. Jobs\n**Severity:** medium\n\n| # | Job | Priority |\n|---|---|---|\n| 1 | email | Low |\n| 2 | billing | High |\n\n| Job | Priority |\n|---|---|\n| a | Low |\n| b | High |\n';
    expect(readPoints(review).map((point) => point.severity)).toEqual(['high', 'medium']);
  });
});

describe('a partial label takes in its parts', () => {
  it('`Partially agreed` over **Agreed:** and **Disagreed:** parts reads partially agreed', () => {
    expect(categories('### R1. Accepts any input — Partially agreed\n**Agreed:** the handler should reject unknown keys.\n**Disagreed:** validation belongs in the schema.\n\n### R2\n- **Agree:** the limit is low.\n- **Disagree:** on the fix.\n')).toEqual({
      R1: 'partially-agreed',
      R2: 'conflict',
    });
  });
});

describe('keys', () => {
  it.each([
    'The handler still returns status: Accepted (202), so the check is missing.',
    'The route returns status: Accepted. The body is never validated.',
  ])('in the middle of a sentence are prose: %j', (line) => {
    expect(categories(`### R1\n${line}\n\n### R2\n**Agreed**`).R1).toBe('missing');
  });

  it.each([
    ['**Verdict:** Agreed, with a caveat.', 'agreed'],
    ['- **Verdict**: Disagreed · see below', 'disagreed'],
    ['Note (verdict: Partially agreed) on the name.', 'partially-agreed'],
  ])('after a key, the label stands whatever follows it: %j', (line, category) => {
    expect(categories(`### R1\n${line}\n\n### R2\n**Agreed**`).R1).toBe(category);
  });

  it('a severity key line may run on: `**Severity:** High · **Confidence:** Medium`', () => {
    expect(readPoints('### R1. A\n**Severity:** High · **Confidence:** Medium\n')[0]?.severity).toBe('high');
    expect(readPoints('### R1. A\n**Severity:** High, **Effort:** Low\n')[0]?.severity).toBe('high');
  });

  it('`Jobs are enqueued with priority: low.` is prose', () => {
    expect(readPoints('### R1. Queue\n**Severity:** high\nJobs are enqueued with priority: low.\n')[0]?.severity).toBe('high');
  });
});

describe('titles', () => {
  it('a colon in a title is not a severity: `Default log level: info`', () => {
    expect(readPoints('### R1. Default log level: info\n**Severity:** medium\n')[0]).toMatchObject({ title: 'Default log level: info', severity: 'medium' });
  });

  it('reads `### R1 | Agreed`', () => {
    expect(categories('### R1 | Agreed\n\n### R2 | Disagreed')).toEqual({ R1: 'agreed', R2: 'disagreed' });
  });
});

describe('long and odd lines are read in time', () => {
  const quick = (read: () => unknown) => {
    const started = performance.now();
    read();
    return performance.now() - started;
  };

  it.each([
    ['a run of emoji before a word', `${'⭐'.repeat(200)} text`],
    ['a table row of emoji', `| R1 | ${'🟩'.repeat(200)} |`],
    ['a heading of spaces', `### R1. a${' '.repeat(20_000)}b`],
    ['a line of backticks', '`'.repeat(100_000)],
    ['a line of alternating backtick runs', '` `` '.repeat(20_000)],
  ])('%s', (_, text) => {
    // Linear work on these sizes is a few milliseconds; what was exponential or quadratic took seconds to minutes.
    expect(quick(() => readCategories(`${text}\n\n### R2\n**Agreed**`, points))).toBeLessThan(1_000);
    expect(quick(() => leadingLabel('category', text))).toBeLessThan(1_000);
  });
});
