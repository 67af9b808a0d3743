import { codeLineFlags } from './code-line-flags.js';
import { emoji } from './label-words.js';
import { memoizeText, memoLimits } from './memoize-text.js';
import { readableLines } from './readable-lines.js';
import { readTableRows } from './read-table-rows.js';

/** A run of lines that talks about one numbered point, as found in a section body. */
export interface PointBlock {
  number: number;
  /** The rest of the marker line: a point's title, or the start of a reply. */
  title: string;
  /** The block's Markdown, marker line included. */
  text: string;
  /** How the block was marked: a plain numbered list may be reasons, not points. */
  style: MarkerStyle;
}

export type MarkerStyle = 'heading' | 'id' | 'numbered' | 'table';

// Tried in this order: the first style with any marker outside code decides how the body is cut;
// then table rows that name a point (see readTableRows), each a block of its own.
const markers: ReadonlyArray<[Exclude<MarkerStyle, 'table'>, RegExp]> = [
  // `### R1. title`, `### Point 1: title`, `### Response to R1: Agreed`, `### ✅ R1 — Agreed`.
  ['heading', new RegExp(String.raw`^ {0,3}#{3,6}\s+(?:${emoji}\s*)?(?:\*\*)?(?:(?:response|reply|answer)\s+to\s+|re:\s*)?(?:R|Point\s+|#)?(\d+)\b(?:\*\*)?\s*[.:)|\-—–]*\s*(.*)$`, 'iu')],
  ['id', /^ {0,3}(?:[-*+]\s+)?(?:\*\*)?R(\d+)\b(?:\*\*)?\s*[.:)\-—–]*(?:\*\*)?\s*(.*)$/],
  ['numbered', /^(?:\*\*)?(\d+)[.)](?:\*\*)?\s+(.*)$/],
];


// Every turn reads every section's points again: each body is cut once.
const splitOnce = memoizeText((body: string): readonly PointBlock[] => Object.freeze(splitBlocks(body).map((block) => Object.freeze(block))), memoLimits.sections);

/**
 * Cuts a section body into per-point blocks by the markers PROTOCOL.md allows: `### R1. title`,
 * `### 1. title`, `R1 ...`, `1. ...` or `**1.**`. Lines inside fenced code are never markers.
 * Numbers that repeat (a list written `1.` `1.` `1.`) are replaced by their order; distinct
 * numbers, and `R<N>` ids, are kept as written, even out of order: point N is R<N>.
 */
export function splitPointBlocks(body: string): readonly PointBlock[] {
  return splitOnce(body);
}

function splitBlocks(body: string): PointBlock[] {
  const lines = body.split('\n');
  const inCode = codeLineFlags(lines);
  for (const [style, pattern] of markers) {
    const starts: Array<{ index: number; number: number; title: string }> = [];
    lines.forEach((line, index) => {
      // Trailing whitespace is a formatter's to strip: it never decides what a line is.
      const match = inCode[index] ? null : pattern.exec(line.trimEnd());
      if (match?.[1]) starts.push({ index, number: Number(match[1]), title: cleanTitle(match[2] ?? '') });
    });
    if (starts.length === 0) continue;
    // `R1` is an explicit id; only list-like numbers can be written lazily.
    const lazy = style !== 'id' && new Set(starts.map((start) => start.number)).size < starts.length;
    return starts.map((start, i) => ({
      number: lazy ? i + 1 : start.number,
      title: start.title,
      style,
      text: lines
        .slice(start.index, starts[i + 1]?.index ?? lines.length)
        .join('\n')
        .trim(),
    }));
  }
  return readTableRows(readableLines(body))
    .filter((row) => row.point !== null)
    .map((row) => ({ number: row.point ?? 0, title: row.title, style: 'table' as const, text: row.source }));
}

/** The title without bold marks and an ATX heading's closing `#`s (found from the `#`s: a title of spaces costs no square). */
function cleanTitle(text: string): string {
  const title = text.replace(/\*\*/g, '').trimEnd();
  const closing = /#+$/.exec(title);
  const before = closing === null ? undefined : title[closing.index - 1];
  return (closing !== null && (before === undefined || /\s/.test(before)) ? title.slice(0, closing.index) : title).trim();
}
