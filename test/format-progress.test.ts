import { describe, expect, it } from 'vitest';
import { formatProgress } from '../src/format-progress.js';

describe('formatProgress', () => {
  it("says a model server's tokens and speed", () => {
    expect(formatProgress({ tokens: 412, tokensPerSecond: 2.14 })).toBe('412 tokens, 2.1 tokens/s');
    expect(formatProgress({ tokens: 1_204, tokensPerSecond: 23.6, steps: null })).toBe('1,204 tokens, 24 tokens/s');
    expect(formatProgress({ tokens: 1, tokensPerSecond: null })).toBe('1 token');
  });

  it("says an agent CLI's steps, with its tokens when it counts them", () => {
    expect(formatProgress({ tokens: 1_204, tokensPerSecond: null, steps: 3 })).toBe('3 steps, 1,204 tokens');
    expect(formatProgress({ tokens: null, tokensPerSecond: null, steps: 1 })).toBe('1 step');
    expect(formatProgress({ tokens: null, tokensPerSecond: null, steps: 0 })).toBe('0 steps');
  });

  it('says nothing when nothing was counted', () => {
    expect(formatProgress({ tokens: null, tokensPerSecond: null })).toBeNull();
    expect(formatProgress({ tokens: null, tokensPerSecond: null, steps: null })).toBeNull();
  });
});
