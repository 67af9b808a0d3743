import type { Heading } from 'mdast';

export interface HeadingSource {
  /** The heading's text as written, markers removed. */
  text: string;
  setext: boolean;
  startOffset: number;
  endOffset: number;
  line: number;
}

/** Where a heading sits in `source` and what it says, read from the source, not re-serialized. */
export function readHeadingSource(source: { slice(start: number, end?: number): string }, heading: Heading): HeadingSource {
  const { start, end } = heading.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) {
    throw new Error('Cannot locate a heading without a position: remark must be run with positions');
  }
  const raw = source.slice(start.offset, end.offset);
  // An ATX heading is one line; a setext one has its underline, and its text may begin with `#` (`#hashtag`).
  const setext = raw.includes('\n');
  const text = setext
    ? raw
        .split('\n')
        .slice(0, -1)
        // A continuation line inside a block quote or list item carries the container's markers.
        .map((line, index) => (index === 0 ? line : line.replace(/^[ \t>]*/, '')).trimEnd())
        .join(' ')
    : raw.replace(/^\s*#{1,6}/, '').replace(/\s#+\s*$/, '');
  return { text: text.trim(), setext, startOffset: start.offset, endOffset: end.offset, line: start.line };
}
