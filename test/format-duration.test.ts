import { describe, expect, it } from 'vitest';
import { describeDuration, formatDuration } from '../src/format-duration.js';

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [40, '0.1s'],
    [667, '0.7s'],
    [949, '1s'],
    [1_000, '1s'],
    [1_499, '1.5s'],
    [9_940, '9.9s'],
    [12_400, '12s'],
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

describe('describeDuration', () => {
  it.each([
    [500, '0.5 seconds'],
    [1_000, '1 second'],
    [1_500, '1.5 seconds'],
    [4_000, '4 seconds'],
    [480_000, '8 minutes'],
    [471_952, '7 minutes 52 seconds'],
    [3_660_000, '1 hour 1 minute'],
  ])('says %i ms as %s', (ms, text) => {
    expect(describeDuration(ms)).toBe(text);
  });
});
