import { describe, expect, it } from 'vitest';
import { foreignFollowUps, foreignResponse, foreignResponses, foreignReview, foreignReviews, type ForeignEntry } from './foreign-corpus.js';
import { allowed, readingsOf, type Kind } from './foreign-readings.js';

const corpus: ReadonlyArray<{ kind: Kind; entries: readonly ForeignEntry[] }> = [
  { kind: 'response', entries: foreignResponses },
  { kind: 'follow-up', entries: foreignFollowUps },
  { kind: 'review', entries: foreignReviews },
];
const all = corpus.flatMap(({ entries }) => entries);

describe('the foreign corpus', () => {
  it('holds at least 80 entries, each named once, with at least 25 ambiguous points', () => {
    expect(all.length).toBeGreaterThanOrEqual(80);
    for (const { entries } of corpus) expect(new Set(entries.map((entry) => entry.name)).size).toBe(entries.length);
    const ambiguous = all.flatMap((entry) => Object.values(entry.gave)).filter((gave) => gave === 'ambiguous');
    expect(ambiguous.length).toBeGreaterThanOrEqual(25);
    for (const entry of all) expect(Object.keys(entry.gave).length, entry.name).toBeGreaterThan(0);
  });

  it('answers a Review of R1 (medium), R2 (high), R3 (low); the Follow-ups a Response 1 that disagrees with all three and raises F1 (medium)', () => {
    expect(readingsOf('review', foreignReview)).toEqual({ R1: 'medium', R2: 'high', R3: 'low' });
    expect(readingsOf('response', foreignResponse)).toEqual({ R1: 'disagreed', R2: 'disagreed', R3: 'disagreed', F1: 'medium' });
    // A Follow-up in prose leaves every point open: the base of every Follow-up entry.
    expect(readingsOf('follow-up', 'Reading your answers first.')).toEqual({ R1: 'unread', R2: 'unread', R3: 'unread', F1: 'unread' });
  });
});

for (const { kind, entries } of corpus) {
  describe(`a foreign ${kind} reads as what its writer gave, or as unanswered`, () => {
    for (const entry of entries) {
      // An entry with `bug` shows a reader bug (named in its comment in foreign-corpus.ts): it must fail until the reader is fixed.
      const test = entry.bug === undefined ? it : it.fails;
      test(`${entry.name} (${entry.from})`, () => {
        const readings = readingsOf(kind, entry.body, entry.gave);
        for (const id of new Set([...Object.keys(entry.gave), ...Object.keys(readings)])) {
          const gave = entry.gave[id];
          const reading = readings[id] ?? 'unread';
          expect(allowed(gave, reading), `${id}: the writer gave ${gave ?? 'nothing'}, the reader read ${reading}`).toBe(true);
        }
      });
    }
  });
}
