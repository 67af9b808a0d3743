import { describe, expect, it } from 'vitest';
import { memoizeText } from '../../src/protocol/memoize-text.js';
import { splitPointBlocks } from '../../src/protocol/split-point-blocks.js';

describe('memoizeText', () => {
  it('computes once per text, and again only for a text it let go, the least recently used first', () => {
    const computed: string[] = [];
    const length = memoizeText((text) => {
      computed.push(text);
      return text.length;
    }, 2);
    expect([length('a'), length('bb'), length('a'), length('ccc'), length('a'), length('bb')]).toEqual([1, 2, 1, 3, 1, 2]);
    // 'a' was used again before 'ccc' came: 'bb' was the one let go.
    expect(computed).toEqual(['a', 'bb', 'ccc', 'bb']);
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

describe('splitPointBlocks, shared between its callers', () => {
  it('gives blocks no caller can change', () => {
    const blocks = splitPointBlocks('### R1. Title\nwords\n\n### R2. Other\nmore');
    expect(Object.isFrozen(blocks)).toBe(true);
    expect(blocks.every((block) => Object.isFrozen(block))).toBe(true);
    expect(splitPointBlocks('### R1. Title\nwords\n\n### R2. Other\nmore')).toBe(blocks);
  });
});
