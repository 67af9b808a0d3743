import { describe, expect, it } from 'vitest';
import { classifyHeading, formatHeading } from '../../src/protocol/classify-heading.js';

describe('classifyHeading', () => {
  it.each([
    ['Review', 'review', 0],
    ['Opening', 'review', 0],
    ['review', 'review', 0],
    ['Response 1', 'response', 1],
    ['Response 12', 'response', 12],
    ['response 3', 'response', 3],
    ['Reviewer Follow-up 1', 'follow-up', 1],
    ['Follow-up 2', 'follow-up', 2],
    ['reviewer follow-up 4', 'follow-up', 4],
    ['CONSENSUS', 'consensus', 0],
    ['Consensus', 'consensus', 0],
    ['consensus', 'consensus', 0],
    ['CoNsEnSuS', 'consensus', 0],
  ])('reads `%s` as %s %i', (text, kind, number) => {
    expect(classifyHeading(text)).toEqual({ kind, number });
  });

  it('tolerates surrounding and repeated spaces', () => {
    expect(classifyHeading('  Response   2  ')).toEqual({ kind: 'response', number: 2 });
    expect(classifyHeading('Reviewer  Follow-up\t3')).toEqual({ kind: 'follow-up', number: 3 });
  });

  it.each(['Summary', 'Response', 'Response one', 'Response 1 (codex)', 'Follow up 1', 'Reviewer Follow-up', 'Consensuses', 'Review of abc123', '## Review', ''])(
    'does not guess at `%s`',
    (text) => {
      expect(classifyHeading(text)).toBeNull();
    },
  );
});

describe('formatHeading', () => {
  it('writes the canonical headings, never the aliases', () => {
    expect(formatHeading('review', 0)).toBe('Review');
    expect(formatHeading('response', 3)).toBe('Response 3');
    expect(formatHeading('follow-up', 2)).toBe('Reviewer Follow-up 2');
    expect(formatHeading('consensus', 0)).toBe('CONSENSUS');
  });

  it('is read back as the same kind and number', () => {
    for (const [kind, number] of [
      ['review', 0],
      ['response', 4],
      ['follow-up', 4],
      ['consensus', 0],
    ] as const) {
      expect(classifyHeading(formatHeading(kind, number))).toEqual({ kind, number });
    }
  });
});
