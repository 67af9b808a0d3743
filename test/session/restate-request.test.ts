import { describe, expect, it } from 'vitest';
import { createLedgerReader } from '../../src/ledger/ledger-reader.js';
import { scopeOf } from '../../src/protocol/read-agent-answer.js';
import { restateRequest } from '../../src/session/restate-request.js';

const signed = (role: string): string => `*— ${role} · claude · 2026-11-22T10:00:00Z*`;
const review = [
  '# Code Debate: HEAD',
  '',
  '## Review',
  '',
  '### R1. Debug output left in',
  '',
  '**Severity:** medium',
  '',
  'It logs.',
  '',
  '### R2. Body not validated',
  '',
  '**Severity:** high',
  '',
  'Nothing checks it.',
  '',
  signed('Reviewer'),
  '',
].join('\n');

function read(text: string) {
  const reader = createLedgerReader();
  const parsed = reader.parse(text);
  if (!parsed.ok) throw parsed.error;
  return { reader, document: parsed.document };
}

describe('the section code-debate writes after a peer section it could not read', () => {
  it('asks, in the file, for each answer it could not read, quoting the line and giving the form that is read', () => {
    const { reader, document } = read(`${review}\n---\n\n## Response 1\n\nR1: AGREE\nR2: DISAGREE\n`);
    expect(restateRequest({ role: 'reviewer', reader }, document)).toBe(
      [
        '> **Not read in `## Response 1`:** these points stay open until they are restated in the next section, each under its own heading, in the form shown.',
        '>',
        "> - R1: `R1: AGREE` could not be read (no position stands in the point's heading or on the first line under it). Write one of `### R1 — Agreed`, `### R1 — Partially agreed`, `### R1 — Disagreed`.",
        "> - R2: `R2: DISAGREE` could not be read (no position stands in the point's heading or on the first line under it). Write one of `### R2 — Agreed`, `### R2 — Partially agreed`, `### R2 — Disagreed`.",
      ].join('\n'),
    );
  });

  it('asks for a point the peer did not speak of as not answered, and never asks this side to hold it as disputed', () => {
    const { reader, document } = read(`${review}\n---\n\n## Response 1\n\n### R2 — Disagreed\n\nThe middleware checks it.\n`);
    expect(restateRequest({ role: 'reviewer', reader }, document)).toContain('> - R1: not answered. Write one of `### R1 — Agreed`');
    expect(scopeOf('follow-up', 'reviewer', document, reader.points(document)).toHold).toEqual(['R2']);
  });

  it('asks for a severity change it could not read', () => {
    const response = `\n---\n\n## Response 1\n\n### R1 — Disagreed\n\nOnly under DEBUG.\n\n### R2 — Disagreed\n\nChecked.\n\n${signed('Responder')}\n`;
    const followUp = '\n---\n\n## Reviewer Follow-up 1\n\n### R1 — Maintained\n\n**Severity:** lower it a notch\n\nIt ships.\n\n### R2 — Withdrawn\n\nFine.\n';
    const { reader, document } = read(review + response + followUp);
    expect(restateRequest({ role: 'responder', reader }, document)).toContain(
      '> - R1: `**Severity:** lower it a notch` could not be read (no severity change could be read in it). Write `**Severity:** unchanged` or',
    );
  });

  it('reads a point restated in the next section from there', () => {
    const first = `${review}\n---\n\n## Response 1\n\nR1: AGREE\nR2: DISAGREE\n`;
    const followUp = `\n---\n\n## Reviewer Follow-up 1\n\n> **Not read in \`## Response 1\`:** restate.\n>\n> - R1: \`R1: AGREE\` could not be read.\n\n${signed('Reviewer')}\n`;
    const restated = '\n---\n\n## Response 2\n\n### R1 — Agreed\n\nIt goes.\n\n### R2 — Disagreed\n\nChecked.\n';
    const { reader, document } = read(first + followUp + restated);
    expect(reader.points(document).map((state) => [state.point.id, state.answer, state.resolved])).toEqual([
      ['R1', 'agreed', true],
      ['R2', 'disagreed', false],
    ]);
    expect(restateRequest({ role: 'reviewer', reader }, document)).toBe('');
  });

  it('says nothing after a section that was read whole', () => {
    const { reader, document } = read(`${review}\n---\n\n## Response 1\n\n### R1 — Agreed\n\nIt goes.\n\n### R2 — Disagreed\n\nChecked.\n`);
    expect(restateRequest({ role: 'reviewer', reader }, document)).toBe('');
  });
});

describe('a line that names no point it can be read as', () => {
  it('is quoted back with the form that is read, the points keeping their last answer meanwhile', () => {
    const three = review.replace(signed('Reviewer'), '### R3. No test\n\n**Severity:** low\n\nNothing covers it.\n\n' + signed('Reviewer'));
    const response1 = `\n---\n\n## Response 1\n\n### R1 — Agreed\n\nRemoved in \`src/app.js:3\`.\n\n### R2 — Disagreed\n\nThe middleware checks it.\n\n### R3 — Disagreed\n\nCovered.\n\n${signed('Responder')}\n`;
    const followUp1 = `\n---\n\n## Reviewer Follow-up 1\n\n### R2 — Maintained\n\nIt does not.\n\n### R3 — Maintained\n\nIt is not.\n\n${signed('Reviewer')}\n`;
    // With R1 settled, `1.` may be R2 as much as R1: neither line is read, and both are said back.
    const response2 = '\n---\n\n## Response 2\n\n1. **Agreed**: the middleware skips it.\n2. **Disagreed**: the test covers it.\n';
    const { reader, document } = read(three + response1 + followUp1 + response2);
    const request = restateRequest({ role: 'reviewer', reader }, document);
    expect(request).not.toContain('> - R2');
    expect(reader.points(document).map((state) => [state.point.id, state.answer])).toEqual([
      ['R1', 'agreed'],
      ['R2', 'disagreed'],
      ['R3', 'disagreed'],
    ]);
    expect(request).toContain(
      "> - `1. **Agreed**: the middleware skips it.` names no point it can be read as: a number may be another point's, and a line may speak of one point only. Put it under the heading of the point it answers, `### R<n> — <label>`.",
    );
    expect(request).toContain('> - `2. **Disagreed**: the test covers it.` names no point it can be read as');
  });
});
