import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/session/format-duration.js';

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [500, '500ms'],
    [999, '999ms'],
    [1_000, '1s'],
    [1_499, '1s'],
    [59_500, '1m'],
    [90_000, '1m30s'],
    [600_000, '10m'],
    [3_600_000, '1h'],
    [3_661_000, '1h1m1s'],
    [5_400_000, '1h30m'],
    [3_600_000_000, '1000h'],
  ])('formats %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
