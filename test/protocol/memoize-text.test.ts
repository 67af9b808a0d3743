import { describe, expect, it } from 'vitest';
import { memoizeText } from '../../src/protocol/memoize-text.js';

describe('memoizeText', () => {
  it('computes once per text, and keeps every text asked for since the older generation went', () => {
    const computed: string[] = [];
    const length = memoizeText((text) => {
      computed.push(text);
      return text.length;
    }, 2);
    expect([length('a'), length('bb'), length('a'), length('ccc'), length('a')]).toEqual([1, 2, 1, 3, 1]);
    // 'ccc' found the newer generation full: it became the older one, and 'a' was found there.
    expect(computed).toEqual(['a', 'bb', 'ccc']);
    // Moving 'a' up filled the newer generation again: the one holding only 'bb' went.
    expect([length('dddd'), length('bb')]).toEqual([4, 2]);
    expect(computed).toEqual(['a', 'bb', 'ccc', 'dddd', 'bb']);
  });

  it('never computes a text again that every walk reads, when a walk reads fewer texts than the limit', () => {
    const computed: string[] = [];
    const memo = memoizeText((text) => {
      computed.push(text);
      return text;
    }, 10);
    const texts: string[] = [];
    for (let turn = 0; turn < 50; turn++) {
      // Each turn adds one text and reads them all, as a turn reads every section of a growing debate.
      texts.push(`section ${turn}`);
      if (texts.length > 9) texts.shift();
      for (const text of texts) memo(text);
    }
    expect(computed).toEqual(Array.from({ length: 50 }, (_, turn) => `section ${turn}`));
  });

  it('finds a text by its characters, not by its string object', () => {
    let calls = 0;
    const upper = memoizeText((text) => {
      calls++;
      return text.toUpperCase();
    }, 8);
    const text = 'a section body';
    expect(upper(text)).toBe('A SECTION BODY');
    expect(upper(Buffer.from(text).toString())).toBe('A SECTION BODY');
    expect(calls).toBe(1);
  });
});
