/**
 * What the readers of a parse take from its source: its length and slices of it. A string is one;
 * so is viewOf's, which reads a grown text through the part it gained.
 */
export interface TextView {
  readonly length: number;
  slice(start: number, end?: number): string;
  endsWith(search: string): boolean;
}

/**
 * `text`, known to be `base` characters read before and then `tail`, read through `tail` where it
 * can: a text built by appending is a rope of its parts, and reading any character of it copies
 * the whole into one string (about 2 ms for a debate of 1 MB, twice a turn). Slices within the
 * tail, and its end, are taken from the tail; anything else from `text`.
 */
export function viewOf(text: string, base: number, tail: string): TextView {
  return {
    length: text.length,
    slice: (start, end = text.length) => (start >= base ? tail.slice(start - base, end - base) : text.slice(start, end)),
    endsWith: (search) => (search.length <= tail.length ? tail.endsWith(search) : text.endsWith(search)),
  };
}
