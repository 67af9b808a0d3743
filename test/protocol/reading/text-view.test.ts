import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { viewOf } from '../../../src/protocol/reading/text-view.js';

describe('viewOf', () => {
  it('slices and ends as the text itself does, wherever the slice falls', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), fc.nat(), fc.string({ maxLength: 3 }), (before, tail, a, b, search) => {
        const text = before + tail;
        const view = viewOf(text, before.length, tail);
        const [start, end] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [number, number];
        expect(view.length).toBe(text.length);
        expect(view.slice(start, end)).toBe(text.slice(start, end));
        expect(view.slice(start)).toBe(text.slice(start));
        expect(view.endsWith(search)).toBe(text.endsWith(search));
      }),
    );
  });
});
