import type { Heading, Root, RootContent } from 'mdast';
import { ProtocolError } from '../../errors.js';
import { classifyHeading, looksLikeConsensus } from '../classify-heading.js';
import type { DocumentMeta, Section } from '../document.js';
import { readHeadingSource, type HeadingSource } from '../heading-source.js';
import { scanBlocks, startState, type ScanState, type TopBlock } from '../scan-blocks.js';
import { separatorPattern } from '../split-body.js';
import { headingForms } from '../turn-table.js';
import { readDocumentTree, readTreeInChunks, type TreeReaderMemory } from './read-document-tree.js';
import type { TextView } from './text-view.js';

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

/**
 * The top level of a debate file, read by the block scanner (see scanBlocks) where it can, else
 * from remark's tree. `tree` is null for a scanned text: its sections' Markdown is parsed when a
 * reader asks for it (see sectionNodes).
 */
export type TopLevel =
  | { mode: 'scan'; scan: Scan; tree: null; kept: boolean; resume: ScanState; resumeScan: Scan | ProtocolError }
  | { mode: 'tree'; scan: Scan; tree: Root; kept: boolean };

/**
 * The top level of `source` (`view` reads it), from where `previous` (the read of a text that
 * `source` extends) stopped when there is one. `kept`: whether the previous read's sections
 * before its last one still stand (its nodes are shared, or its scan goes on).
 */
export function readTopLevel(memory: TreeReaderMemory, source: string, view: TextView, previous: TopLevel | null): TopLevel | ProtocolError {
  if (previous === null || previous.mode === 'scan') {
    const scanned = scanBlocks(source, previous?.mode === 'scan' ? previous.resume : startState());
    const from = previous?.mode === 'scan' ? previous.resumeScan : null;
    if (scanned !== null && !(from instanceof ProtocolError)) {
      const blocks = scanned.blocks;
      const items = (count: number, base: Scan | null) =>
        scanItems(base, base === null ? count : base.nodes + count, (index) => readBlock(view, blocks[index - (base?.nodes ?? 0)] as TopBlock));
      const scan = items(blocks.length, from);
      if (scan instanceof ProtocolError) return scan;
      const resumeScan = scanned.resumeBlocks === blocks.length ? scan : items(scanned.resumeBlocks, from);
      return { mode: 'scan', scan, tree: null, kept: from !== null, resume: scanned.resume, resumeScan };
    }
  }
  const before = previous?.mode === 'tree' ? previous : null;
  // A text the scanner gave up on is read by remark in the pieces its sections make, not whole: a
  // whole parse of megabytes grows faster than its size.
  const tree = before === null ? readTreeInChunks(memory, source) : readDocumentTree(memory, source);
  const kept = before !== null && sharesNodes(tree, before.tree, before.scan.nodes);
  const scan = scanItems(kept ? before.scan : null, tree.children.length, (index) => readNode(view, tree.children[index] as RootContent));
  return scan instanceof ProtocolError ? scan : { mode: 'tree', scan, tree, kept };
}

/** One top-level item, as the scan reads it: a heading, an HTML block's text, or anything else. */
type TopItem = { kind: 'heading'; depth: number; heading: HeadingSource; separator: boolean } | { kind: 'html'; value: string } | null;

const metaPattern = /^<!--\s*code-debate\s+(\{.*\})\s*-->$/;

function readNode(source: TextView, node: RootContent): TopItem {
  if (node.type === 'html') return { kind: 'html', value: node.value };
  if (node.type !== 'heading') return null;
  return headingItem(source, node);
}

function readBlock(source: TextView, block: TopBlock): TopItem {
  if (block.type === 'html') return { kind: 'html', value: source.slice(block.start, block.end) };
  const point = (offset: number, line: number) => ({ offset, line, column: 1 });
  // The extent remark gives the same heading: readHeadingSource reads its text from the source.
  const node: Heading = {
    type: 'heading',
    depth: block.depth as Heading['depth'],
    children: [],
    position: { start: point(block.start, block.line), end: point(block.end, block.line) },
  };
  return headingItem(source, node);
}

function headingItem(source: TextView, node: Heading): TopItem {
  const heading = readHeadingSource(source, node);
  // `text\n---` where a writer meant a paragraph and a separator: not a section heading, unless it names one.
  const underline = heading.setext ? (source.slice(heading.startOffset, heading.endOffset).split('\n').at(-1) ?? '') : '';
  return { kind: 'heading', depth: node.depth, heading, separator: heading.setext && separatorPattern.test(underline) };
}

/**
 * Reads the items `from` did not (all of them, without it) up to `count`. A level-2 heading the
 * protocol does not know is a ProtocolError.
 */
function scanItems(from: Scan | null, count: number, itemAt: (index: number) => TopItem): Scan | ProtocolError {
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

/** Whether `tree` begins with the first `count` top-level nodes of `before`, the very objects. */
function sharesNodes(tree: Root, before: Root, count: number): boolean {
  return count === 0 || (tree.children.length >= count && tree.children[count - 1] === before.children[count - 1]);
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
