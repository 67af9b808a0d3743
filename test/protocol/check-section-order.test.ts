import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/errors.js';
import { checkSectionOrder } from '../../src/protocol/check-section-order.js';
import type { Section, SectionKind } from '../../src/protocol/document.js';

const headings: Record<SectionKind, (n: number) => string> = {
  review: () => 'Review',
  response: (n) => `Response ${n}`,
  'follow-up': (n) => `Reviewer Follow-up ${n}`,
  consensus: () => 'CONSENSUS',
};

/** Sections at lines 1, 5, 9, ... from `review`, `response 1`, `follow-up 1`, `consensus`. */
function sections(...names: string[]): Section[] {
  return names.map((name, index) => {
    const [kind, number] = name.split(' ') as [SectionKind, string | undefined];
    const n = Number(number ?? 0);
    return { kind, number: n, heading: headings[kind](n), line: 1 + index * 4, body: '', signature: null };
  });
}

describe('checkSectionOrder', () => {
  it('accepts no sections, and the turns of PROTOCOL.md', () => {
    expect(checkSectionOrder([])).toBeNull();
    expect(checkSectionOrder(sections('review', 'response 1', 'follow-up 1', 'response 2', 'follow-up 2', 'response 3', 'consensus'))).toBeNull();
  });

  it('accepts a CONSENSUS after any section, even first', () => {
    expect(checkSectionOrder(sections('consensus'))).toBeNull();
    expect(checkSectionOrder(sections('review', 'consensus'))).toBeNull();
    expect(checkSectionOrder(sections('review', 'response 1', 'consensus'))).toBeNull();
    expect(checkSectionOrder(sections('review', 'response 1', 'follow-up 1', 'consensus'))).toBeNull();
  });

  it('ignores whatever follows a CONSENSUS', () => {
    expect(checkSectionOrder(sections('review', 'consensus', 'response 7', 'review'))).toBeNull();
  });

  it('refuses Response 2 right after the Review', () => {
    const error = checkSectionOrder(sections('review', 'response 2'));
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error?.line).toBe(5);
    expect(error?.message).toBe(
      'Cannot accept `## Response 2` at line 5: expected `## Response 1` or `## CONSENSUS` after `## Review` (line 1). ' +
        'Sections take turns; fix or remove the out-of-turn section.',
    );
  });

  it('refuses two Responses in a row', () => {
    const error = checkSectionOrder(sections('review', 'response 1', 'response 2'));
    expect(error?.line).toBe(9);
    expect(error?.message).toBe(
      'Cannot accept `## Response 2` at line 9: expected `## Reviewer Follow-up 1` or `## CONSENSUS` after ' +
        '`## Response 1` (line 5). Sections take turns; fix or remove the out-of-turn section.',
    );
  });

  it('refuses a first section that is not the Review', () => {
    expect(checkSectionOrder(sections('response 1'))?.message).toBe(
      'Cannot accept `## Response 1` at line 1: expected `## Review` or `## CONSENSUS` as the first section. ' + 'Sections take turns; fix or remove the out-of-turn section.',
    );
  });

  it.each([
    [['review', 'review'], 5],
    [['review', 'follow-up 1'], 5],
    [['review', 'response 1', 'follow-up 2'], 9],
    [['review', 'response 1', 'review'], 9],
    [['review', 'response 1', 'follow-up 1', 'response 1'], 13],
    [['review', 'response 1', 'follow-up 1', 'response 3'], 13],
    [['review', 'response 1', 'follow-up 1', 'follow-up 2'], 13],
  ])('refuses %j at line %i', (names, line) => {
    const error = checkSectionOrder(sections(...names));
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error?.line).toBe(line);
  });
});
