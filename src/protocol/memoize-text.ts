/**
 * Limits for memos read every turn in document order: such a walk over more texts than the limit
 * evicts each before it is asked for again and misses every one, so the limits hold a debate of
 * 5 MB in sections of 4 KB (about 1,200 sections, 7,000 point replies) with room to spare.
 */
export const memoLimits = { sections: 4_096, replies: 32_768 } as const;

/**
 * `compute` remembered for at least the `limit` texts it was last called with. A section never
 * changes once written, yet a turn reads a new section's text several times (its points, replies,
 * word sets): with this, once. `compute` must be pure, and what it returns is shared by every
 * caller: it must be treated as read-only. Its owner is a reader a side keeps (see createBodyMemo,
 * createLedgerReader), never a module.
 *
 * Two generations, not a list kept in order of use: a hit costs one lookup, where reordering on
 * every hit cost a delete and an insert for each of the thousands of texts a turn reads. A text
 * asked for since the last turnover stays; the older generation goes when the newer one fills.
 */
export function memoizeText<T>(compute: (text: string) => T, limit: number): (text: string) => T {
  let young = new Map<string, T>();
  let old = new Map<string, T>();
  const keep = (text: string, value: T) => {
    if (young.size >= limit) {
      old = young;
      young = new Map();
    }
    young.set(text, value);
  };
  return (text) => {
    if (young.has(text)) return young.get(text) as T;
    const value = old.has(text) ? (old.get(text) as T) : compute(text);
    keep(text, value);
    return value;
  };
}
