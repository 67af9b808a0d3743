import { describe, expect, it } from 'vitest';
import { readingsOf } from './foreign-readings.js';
import { trapCorpus } from './trap-corpus.js';

describe('the trap corpus', () => {
  it('holds each style once', () => {
    expect(new Set(trapCorpus.map((entry) => entry.name)).size).toBe(trapCorpus.length);
  });

  it.each(trapCorpus)('$kind: $name', ({ kind, body, read }) => {
    const readings = readingsOf(kind, body);
    expect(Object.fromEntries(Object.keys(read).map((id) => [id, readings[id]]))).toEqual(read);
  });
});
