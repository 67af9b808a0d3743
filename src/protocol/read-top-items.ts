import type { Heading } from 'mdast';
import { ProtocolError } from '../errors.js';
import { classifyHeading, looksLikeConsensus } from './classify-heading.js';
import type { DocumentMeta, Section } from './document.js';
import { readHeadingSource, type HeadingSource } from './heading-source.js';
import { separatorPattern } from './split-body.js';
import { headingForms } from './turn-table.js';

export interface Start {
  kind: Section['kind'];
  number: number;
  heading: string;
  line: number;
  bodyStart: number;
  headingStart: number;
  /** A level-2 heading the protocol does not know, after a CONSENSUS: it ends that CONSENSUS's text when the CONSENSUS counts. */
  foreign?: true;
}

/** What the top level says, read in order: the title, our metadata, the sections' headings. */
export interface Scan {
  /** How many top-level items (tree nodes, or scanned blocks) were read. */
  nodes: number;
  title: string | null;
  meta: DocumentMeta | null;
  starts: Start[];
  /** Level-2 headings kept as text, and why (`## Consensus status: not reached`): a session warns about them. */
  notes: string[];
}

/** One top-level item, as the scan reads it: a heading, an HTML block's text, or anything else. */
export type TopItem = { kind: 'heading'; depth: number; heading: HeadingSource; separator: boolean } | { kind: 'html'; value: string } | null;

const metaPattern = /^<!--\s*code-debate\s+(\{.*\})\s*-->$/;

/** A heading at the top level, read from `source`: a setext heading whose underline is a separator line may be one. */
export function headingItem(source: { slice(start: number, end?: number): string }, node: Heading): TopItem {
  const heading = readHeadingSource(source, node);
  // `text\n---` where a writer meant a paragraph and a separator: not a section heading, unless it names one.
  const underline = heading.setext ? (source.slice(heading.startOffset, heading.endOffset).split('\n').at(-1) ?? '') : '';
  return { kind: 'heading', depth: node.depth, heading, separator: heading.setext && separatorPattern.test(underline) };
}

/**
 * What the top level of a debate file says (docs/protocol.md): its title, our metadata comment,
 * and where each section starts, from its items in order (`itemAt`, however they were read: a
 * reader of a growing file reads them as it goes, see readTopLevel). Reads the items `from` did
 * not (all of them, without it) up to `count`. A level-2 heading the protocol does not know is a
 * ProtocolError.
 */
export function readTopItems(from: Scan | null, count: number, itemAt: (index: number) => TopItem): Scan | ProtocolError {
  let title = from?.title ?? null;
  let meta = from?.meta ?? null;
  const starts = from === null ? [] : [...from.starts];
  const notes = from === null ? [] : [...from.notes];
  for (let index = from?.nodes ?? 0; index < count; index++) {
    const item = itemAt(index);
    if (item === null) continue;
    if (item.kind === 'html') {
      if (meta === null && starts.length === 0) meta = readMeta(item.value);
    } else if (item.depth === 1 && title === null && starts.length === 0) {
      title = item.heading.text;
    } else if (item.depth === 2) {
      const { heading } = item;
      const found = classifyHeading(heading.text);
      if (found === null && item.separator) continue;
      const start = { heading: heading.text, line: heading.line, headingStart: heading.startOffset, bodyStart: heading.endOffset };
      // After a CONSENSUS anything may follow: whether that CONSENSUS counts, and so ends the debate there, is the document's to say (see readDocument).
      if (found === null && starts.some((before) => before.kind === 'consensus')) {
        starts.push({ kind: 'consensus', number: 0, ...start, foreign: true });
        continue;
      }
      if (found === null && looksLikeConsensus(heading.text) && starts.length > 0) {
        notes.push(`\`## ${heading.text}\` (line ${heading.line}) is not \`## CONSENSUS\`: it is kept as text of the section above it, and the debate goes on.`);
        continue;
      }
      if (found === null) {
        return new ProtocolError(
          `Cannot read the level-2 heading \`${heading.text}\` at line ${heading.line}: expected one of ${headingForms()}. ` + 'Demote it to `###` if it belongs inside a section.',
          heading.line,
        );
      }
      starts.push({ ...found, ...start });
    }
  }
  return { nodes: count, title, meta, starts, notes };
}

function readMeta(html: string): DocumentMeta | null {
  const match = metaPattern.exec(html.trim());
  if (!match?.[1]) return null;
  try {
    const value: unknown = JSON.parse(match[1]);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : null);
    return { v: typeof record.v === 'number' ? record.v : 1, base: text('base'), head: text('head'), diff: text('diff'), snapshot: text('snapshot') };
  } catch {
    // A malformed comment is a peer's or a person's: it is optional, so it is ignored.
    return null;
  }
}
