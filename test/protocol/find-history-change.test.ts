import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findHistoryChange } from '../../src/protocol/find-history-change.js';
import { normalizeNewlines } from '../../src/protocol/read-markdown.js';
import { anyText, debateLikeText } from '../faults/markdown-arbitraries.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 1000);

/** Text made of what line comparison can trip on: line ends, byte order marks, trailing blanks. */
const lineText = fc.string({ unit: fc.constantFrom('\r', '\n', '\uFEFF', ' ', '\t', '\u00a0', '\u2028', 'a', 'b'), maxLength: 16 });
const text = fc.oneof(lineText, debateLikeText, anyText);

/** The definition, line by line: every non-blank line of `earlier` is still there, the last one at most continued. */
function keepsEveryLine(earlier: string, now: string): boolean {
  const lines = (value: string) =>
    normalizeNewlines(value)
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line !== '');
  const before = lines(earlier);
  const after = lines(now);
  return before.every((line, index) => (index === before.length - 1 ? after[index]?.startsWith(line) === true : after[index] === line));
}

describe('findHistoryChange on an append', () => {
  it('finds no change, as reading both texts line by line finds none', () => {
    fc.assert(
      fc.property(text, text, (earlier, added) => {
        expect(keepsEveryLine(earlier, earlier + added)).toBe(true);
        expect(findHistoryChange(earlier, earlier + added)).toBeNull();
      }),
      { numRuns },
    );
  });

  it('still finds a rewritten line when the text grew as well', () => {
    expect(findHistoryChange('## Review\n\nold words\n', '## Review\n\nnew words\n\n## Response 1\n')).toEqual({
      description: 'the text of `## Review` (line 1) was rewritten at line 3',
      line: 3,
    });
  });
});
