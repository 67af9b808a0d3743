import { wholeLabel } from './label-words.js';
import { memoizeText, memoLimits } from './memoize-text.js';

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

const emoji = String.raw`[\p{Extended_Pictographic}][\u{FE0F}\u{200D}\p{Extended_Pictographic}]*`;

// Tried in this order: the first style with any marker outside code decides how the body is cut.
const markers: ReadonlyArray<[MarkerStyle, RegExp]> = [
  // `### R1. title`, `### Point 1: title`, `### Response to R1: Agreed`, `### ✅ R1 — Agreed`.
  ['heading', new RegExp(String.raw`^ {0,3}#{3,6}\s+(?:${emoji}\s*)?(?:\*\*)?(?:(?:response|reply|answer)\s+to\s+|re:\s*)?(?:R|Point\s+|#)?(\d+)\b(?:\*\*)?\s*[.:)\-—–]*\s*(.*)$`, 'iu')],
  ['id', /^ {0,3}(?:[-*+]\s+)?(?:\*\*)?R(\d+)\b(?:\*\*)?\s*[.:)\-—–]*(?:\*\*)?\s*(.*)$/],
  ['numbered', /^(?:\*\*)?(\d+)[.)](?:\*\*)?\s+(.*)$/],
  // A table row whose first cell names the point: `| R1 | Agreed | reason |`, `| 2 | high | title |`.
  ['table', /^ {0,3}\|\s*(?:\*\*|__)?(?:(?:R|#|Point\s+)(\d+)\b|(?=\d+\s*(?:\*\*|__)?\s*\|)(\d+))(.*)$/i],
];


const fencePattern = /^ {0,3}(`{3,}|~{3,})/;

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
      if (style === 'table') {
        const number = match?.[1] ?? match?.[2];
        if (match && number) starts.push({ index, number: Number(number), title: rowTitle(match[3] ?? '') });
      } else if (match?.[1]) starts.push({ index, number: Number(match[1]), title: cleanTitle(match[2] ?? '') });
    });
    if (starts.length === 0) continue;
    // `R1` is an explicit id; only list-like numbers can be written lazily.
    const lazy = style !== 'id' && style !== 'table' && new Set(starts.map((start) => start.number)).size < starts.length;
    return starts.map((start, i) => ({
      number: lazy ? i + 1 : start.number,
      title: start.title,
      style,
      // A table row is its own block: the rows after it are other points, or none.
      text: lines
        .slice(start.index, style === 'table' ? start.index + 1 : (starts[i + 1]?.index ?? lines.length))
        .join('\n')
        .trim(),
    }));
  }
  return [];
}

/**
 * What a block says about its point, without a heading's title: a point titled "Accepts any
 * input" must not read as accepted. A list item's marker line is kept, as its answer starts there.
 */
export function replyOf(block: PointBlock): string {
  if (block.style !== 'heading') return block.text;
  let reply = replies.get(block);
  if (reply === undefined) {
    reply = block.text.split('\n').slice(1).join('\n');
    replies.set(block, reply);
  }
  return reply;
}

// The same string each time for the same block, so what is read from it is looked up, not read again.
const replies = new WeakMap<PointBlock, string>();

/** A row's title: the rest of its id cell, or else its first cell that is not wholly a label. */
function rowTitle(rest: string): string {
  const [idRest = '', ...cells] = rest.replace(/\|\s*$/, '').split(/(?<!\\)\|/);
  const own = cleanTitle(idRest.replace(/^(?:\*\*|__)?\s*[.:)\-—–]*\s*/, ''));
  if (own !== '') return own;
  const isLabel = (cell: string) => wholeLabel('category', cell) ?? wholeLabel('position', cell) ?? wholeLabel('severity', cell);
  return cleanTitle(cells.find((cell) => cell.trim() !== '' && isLabel(cell) === null) ?? '');
}

function cleanTitle(text: string): string {
  return text.replace(/\*\*/g, '').replace(/\s+#+\s*$/, '').trim();
}

/** true for each line that lies inside (or fences) a fenced code block. */
export function codeLineFlags(lines: readonly string[]): boolean[] {
  let open: string | null = null;
  return lines.map((line) => {
    const fence = fencePattern.exec(line)?.[1];
    if (open === null) {
      if (fence) open = fence;
      return fence !== undefined;
    }
    if (fence && fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) open = null;
    return true;
  });
}
