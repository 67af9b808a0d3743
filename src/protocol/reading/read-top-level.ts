import type { Heading, Root, RootContent } from 'mdast';
import { ProtocolError } from '../../errors.js';
import { headingItem, readTopItems, type Scan, type TopItem } from '../read-top-items.js';
import { scanBlocks, startState, type ScanState, type TopBlock } from '../scan-blocks.js';
import { readDocumentTree, readTreeInChunks, type TreeReaderMemory } from './read-document-tree.js';
import type { TextView } from './text-view.js';

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
        readTopItems(base, base === null ? count : base.nodes + count, (index) => readBlock(view, blocks[index - (base?.nodes ?? 0)] as TopBlock));
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
  const scan = readTopItems(kept ? before.scan : null, tree.children.length, (index) => readNode(view, tree.children[index] as RootContent));
  return scan instanceof ProtocolError ? scan : { mode: 'tree', scan, tree, kept };
}

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

/** Whether `tree` begins with the first `count` top-level nodes of `before`, the very objects. */
function sharesNodes(tree: Root, before: Root, count: number): boolean {
  return count === 0 || (tree.children.length >= count && tree.children[count - 1] === before.children[count - 1]);
}
