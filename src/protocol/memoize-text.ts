/**
 * Limits for memos read every turn in document order: such a walk over more texts than the limit
 * evicts each before it is asked for again and misses every one, so the limits hold a debate of
 * 5 MB in sections of 4 KB (about 1,200 sections, 7,000 point replies) with room to spare.
 */
export const memoLimits = { sections: 4_096, replies: 32_768 } as const;

/**
 * `compute` remembered for the `limit` texts it was last called with. A section never changes
 * once written, yet every turn reads the whole document again (its points, replies, word sets):
 * with this, a turn reads only the new section's text. `compute` must be pure, and what it
 * returns is shared by every caller: it must be treated as read-only.
 */
export function memoizeText<T>(compute: (text: string) => T, limit: number): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    if (cache.has(text)) {
      const value = cache.get(text) as T;
      // Most recently used last: what the debate still reads each turn stays, the oldest goes.
      cache.delete(text);
      cache.set(text, value);
      return value;
    }
    const value = compute(text);
    if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
    cache.set(text, value);
    return value;
  };
}
