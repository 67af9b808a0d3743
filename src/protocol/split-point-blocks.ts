import { markerLines } from './marker-lines.js';

/** A run of lines that speaks of one point, as found in a section body. */
export interface PointBlock {
  /** `R1`, `F2`: the id the marker line names; null when it names two or a number and another id. */
  id: string | null;
  /** The id's number (0 when the id is null). */
  number: number;
  /** The id comes from a bare number (`### 2.`, `2.`), as a peer that numbers writes it, not from an id. */
  fromNumber: boolean;
  /** The marker line after the id and its delimiter: a point's title, or the start of an answer. */
  title: string;
  /** The marker line as written (trimmed), to quote back. */
  marker: string;
  /** The block's Markdown, marker line included. */
  text: string;
  style: MarkerStyle;
}

export type MarkerStyle = 'heading' | 'id' | 'numbered';

/** An id as the protocol writes them: `R1` for the Reviewer's points, `F1` for the Responder's. */
const idToken = /\b([RF])(\d+)\b/g;

export interface Marker {
  id: string | null;
  title: string;
  fromNumber?: boolean;
}

/**
 * What a line marks, in each style (docs/protocol.md, "Reading a peer's text"): a level-3 to 6
 * heading that starts with an id or a number (`### R1 — Agreed`, `### 1. Title`); a line that
 * starts with an id and a delimiter (`R1. …`, `- **R1**: …`); a numbered line at the margin
 * (`1. **Agreed** — …`, `**1.** …`). A number is point R<N> only when the line names no id;
 * a line that numbers one point and names another is marked, but its id is not guessed.
 */
const styles: ReadonlyArray<readonly [MarkerStyle, (line: string) => Marker | null]> = [
  [
    'heading',
    (line) => {
      const match = /^ {0,3}#{3,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
      // Emoji before the id (`### ✅ R1 — Agreed`) are decoration.
      return match ? readHead((match[1] ?? '').replace(/^(?:\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]*[ \t]*)+/u, ''), true) : null;
    },
  ],
  [
    'id',
    (line) => {
      const match = /^ {0,3}(?:[-*+][ \t]+)?((?:\*\*|__)?[RF]\d+(?:\*\*|__)?(?:[.:)]|[ \t]+[—–-]|[ \t]*$|(?<=\*\*|__)[ \t]).*)$/.exec(line);
      return match ? readHead(match[1] ?? '', false) : null;
    },
  ],
  [
    'numbered',
    (line) => {
      const match = /^((?:\*\*|__)?\d+[.)](?:\*\*|__)?[ \t]+.*)$/.exec(line);
      return match ? readHead(match[1] ?? '', false) : null;
    },
  ],
];

/** The marker `line` is in `style`, or null when it is none. */
export function readMarker(style: MarkerStyle, line: string): Marker | null {
  return (styles.find(([name]) => name === style)?.[1] ?? (() => null))(line.trimEnd());
}

/** The id a marker's text starts with (an id, or a number with its delimiter), and the rest. */
function readHead(text: string, heading: boolean): Marker | null {
  const head = /^(\*\*|__)?(?:([RF]\d+)|(\d+)(?=[.):]|[ \t]+[—–-]|\*\*|__|[ \t]*$))(\*\*|__)?[ \t]*(?:[.):]|[—–]|-(?=[ \t]|$))?(?:\*\*|__)?[ \t]*/.exec(text);
  if (!head) return null;
  // A heading that is a year or a count (`### 2024 plans`) has no delimiter after its number.
  if (heading && head[2] === undefined && !/[.):—–-]|\*\*|__|^\d+$/.test(head[0].trim().replace(/^(\*\*|__)/, ''))) return null;
  const rest = text.slice(head[0].length);
  const named = [...new Set([...rest.matchAll(idToken)].map((match) => `${match[1]}${match[2]}`))];
  if (head[2] !== undefined) return { id: head[2], title: rest.trim() };
  // `### 2. R3 — Agreed`: the id named wins over the number; one that only mentions ids is not guessed.
  const leading = /^(?:\*\*|__)?([RF]\d+)(?:\*\*|__)?[ \t]*(?:[.):]|[—–]|-(?=[ \t]|$))?[ \t]*/.exec(rest);
  if (leading?.[1] !== undefined && named.length === 1) return { id: leading[1], title: rest.slice(leading[0].length).trim() };
  if (named.length > 0) return { id: null, title: rest.trim() };
  return { id: `R${head[3] ?? ''}`, title: rest.trim(), fromNumber: true };
}

/**
 * Cuts a section body into per-point blocks. The first style (heading, id, numbered) with any
 * marker at the section's top level (see markerLines: never in HTML, quotes, code, tables or
 * inside a list item) decides how the body is cut; the text before the first marker
 * belongs to no point. Ids are kept as written: point N of a peer that numbers is R<N>.
 */
export function splitPointBlocks(body: string): readonly PointBlock[] {
  const lines = body.split('\n');
  const allowed = markerLines(body);
  for (const [style, read] of styles) {
    const starts: Array<{ index: number; marker: Marker }> = [];
    lines.forEach((line, index) => {
      // Trailing whitespace is a formatter's to strip: it never decides what a line is.
      const marker = allowed[index] ? read(line.trimEnd()) : null;
      if (marker) starts.push({ index, marker });
    });
    if (starts.length === 0) continue;
    return starts.map((start, i) => ({
      id: start.marker.id,
      number: start.marker.id === null ? 0 : Number(start.marker.id.slice(1)),
      fromNumber: start.marker.fromNumber === true,
      title: cleanTitle(start.marker.title),
      marker: (lines[start.index] ?? '').trim(),
      style,
      text: lines
        .slice(start.index, starts[i + 1]?.index ?? lines.length)
        .join('\n')
        .trim(),
    }));
  }
  return [];
}

/** The text before the first point block: a section's summary. `blocks`: the body's, when they were cut already. */
export function textBeforePoints(body: string, blocks: readonly PointBlock[] = splitPointBlocks(body)): string {
  const first = blocks[0];
  if (first === undefined) return body.trim();
  const lines = body.split('\n');
  const allowed = markerLines(body);
  const index = lines.findIndex((line, at) => allowed[at] === true && line.trim() === first.marker);
  return index <= 0 ? '' : lines.slice(0, index).join('\n').trim();
}

/** The title without bold marks. */
function cleanTitle(text: string): string {
  return text.replace(/\*\*|__/g, '').trim();
}
