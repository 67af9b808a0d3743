import type { Root, RootContent } from 'mdast';
import { readMarkdown } from '../read-markdown.js';
import { signatureStart } from '../turn-table.js';
import { appendedTo, extendsText } from './extends-text.js';
import type { Extension } from './extends-text.js';
import { viewOf, type TextView } from './text-view.js';

/**
 * The mdast tree of a whole debate file, parsing only what was appended since the last tree
 * `memory` read when it can. The file is append-only, and a turn would otherwise re-parse every earlier
 * section (remark reads about 5 MB/s): the tree of `previous + appended` is the previous
 * top-level nodes plus those of `appended` (positions shifted) when nothing in `previous` is
 * still open at its end: it ends with a blank line, its last block is not a fenced code block or
 * an HTML block that waits for its closing line, and `appended` does not start indented (which
 * could continue a list item), nor with a list item when `previous` ends with a list (its next
 * item may come after a blank line) or with indented code (see readsListItemApart), nor with a
 * byte order mark. Anything else is parsed whole.
 * Only the top-level nodes' positions are shifted: callers read headings and HTML at the top level.
 * One difference is left, inline: a link reference (`[x]`) whose definition (`[x]: /url`) is on the
 * other side of an append is a link in the whole text and text with its brackets here, as it is in
 * a section read alone.
 */
export function readDocumentTree(memory: TreeReaderMemory, source: string): Root {
  const last = memory.tree;
  if (last !== null && source === last.source) return last.tree;
  if (last !== null && source.length > last.source.length && extendsText(source, last.source, memory.extension) && last.closed) {
    const appended = appendedTo(source, last.source, memory.extension);
    const opening = appended.replace(/^\n+/, '');
    // Remark drops a byte order mark that starts its text: one that starts `appended` would shift every offset after it.
    if (!/^[ \t]/.test(opening) && !(listItemStart.test(opening) && readsListItemApart(last)) && !appended.startsWith('\uFEFF')) {
      const tree: Root = { type: 'root', children: [...last.tree.children, ...readAppended(memory, appended).map((node) => shift(node, last.source.length, last.lines))] };
      memory.tree = remember(source, tree, last.lines + countLines(appended), viewOf(source, last.source.length, appended));
      return tree;
    }
  }
  const tree = readMarkdown(source);
  memory.tree = remember(source, tree, countLines(source), source);
  return tree;
}

/**
 * The tree of `source`, read as if it had been appended section by section (see readDocumentTree):
 * each piece that starts at a level-2 heading after a blank line is parsed on its own when
 * nothing before it is left open, so a cold read of megabytes grows with their size. The pieces
 * are noted in `memory` as extensions (see appendedTo), so none of them is compared whole.
 */
export function readTreeInChunks(memory: TreeReaderMemory, source: string): Root {
  let prefix = '';
  for (let cut = source.indexOf('\n\n## '); cut !== -1; cut = source.indexOf('\n\n## ', cut + 2)) {
    const next = source.slice(0, cut + 2);
    if (prefix !== '') memory.extension = { text: next, prefix, appended: next.slice(prefix.length) };
    readDocumentTree(memory, next);
    prefix = next;
  }
  if (prefix !== '') memory.extension = { text: source, prefix, appended: source.slice(prefix.length) };
  return readDocumentTree(memory, source);
}

/** The nodes of the section body `memory` was told of (see rememberSectionBody), when `text` is that body; else null. */
export function rememberedNodes(memory: TreeReaderMemory, text: string): readonly RootContent[] | null {
  const body = memory.sectionBody;
  return body !== null && body.text === text ? body.nodes : null;
}

/**
 * The top-level nodes of `appended` read alone. When it holds the body of our own section, which
 * sanitizing the agent's text read already (see rememberSectionBody), that body is not read again:
 * the text before it is read, then the body's nodes are placed after it, then the text after it
 * is read. The body is only taken where our section puts it, right after its level-2 heading and
 * before its signature: a heading closes every block before it, so the body starts a block of its
 * own, and it closes every block it opens before a blank line, so the signature after it is read
 * as it is in the whole text. Anywhere else (the same words inside a peer's list, say) they could
 * be read into a block around them, and `appended` is read whole.
 */
function readAppended(memory: TreeReaderMemory, appended: string): RootContent[] {
  const body = memory.sectionBody;
  // Remembered for the next read only: a turn that wrote nothing (an answer asked again, a turn
  // discarded) leaves nothing behind for a later read of a peer's text.
  memory.sectionBody = null;
  // Our body is followed by our signature (see renderSection).
  const at = body === null ? -1 : appended.indexOf(`\n\n${body.text}\n\n${signatureStart}`);
  if (body === null || at === -1) return readMarkdown(appended).children;
  const bodyStart = at + 2;
  const bodyEnd = bodyStart + body.text.length;
  const before = appended.slice(0, bodyStart);
  const after = appended.slice(bodyEnd);
  const head = readMarkdown(before);
  const heading = head.children.at(-1);
  // `before` then ends with the heading and a blank line: nothing in it is left open.
  if (heading?.type !== 'heading' || heading.depth !== 2 || heading.position?.end.offset !== at) return readMarkdown(appended).children;
  const linesBefore = countLines(before);
  return [
    ...head.children,
    ...body.nodes.map((node) => shift(node, bodyStart, linesBefore)),
    ...readMarkdown(after).children.map((node) => shift(node, bodyEnd, linesBefore + countLines(body.text))),
  ];
}

/** The body of the section we are about to append, and its top-level nodes read on their own. */
export interface SectionBody {
  text: string;
  nodes: readonly RootContent[];
}

/**
 * Tells the readDocumentTree of `memory` the nodes of `text`, a section body about to be appended, read on its own
 * (positions from its start): sanitizeAgentText reads every agent's text, and the same body is read
 * again once it is in the file, as what the file gained. `nodes` must be those of `text` followed
 * by a blank line and a heading that they leave a top-level heading (nothing left open swallows
 * what follows), and `text` must not start indented; the nodes are shared, never changed.
 */
export function rememberSectionBody(memory: TreeReaderMemory, text: string, nodes: readonly RootContent[]): void {
  // An empty body has no words to be found by: its blank lines would match any blank lines.
  memory.sectionBody = text.trim() === '' || /^[ \t]/.test(text) || text.includes('\r') ? null : { text, nodes };
}

/** What a reader remembers for readDocumentTree: the part of a ReaderMemory that reads the tree. */
export interface TreeReaderMemory {
  /** The last text known to be built by appending (a file read from where it ended, a normalized append). */
  extension: Extension | null;
  /** The last mdast tree read, for readDocumentTree to extend. */
  tree: TreeMemory | null;
  /** The body of our own section about to be appended, already read (see sanitizeAgentText). */
  sectionBody: SectionBody | null;
}

/** The last tree read. `lines`: the line breaks in `source`, where the next append's first line is (counted once, not per turn). */
export interface TreeMemory {
  source: string;
  tree: Root;
  closed: boolean;
  lines: number;
}

/** `view`: `source`, read where it can through what was appended (see viewOf). */
function remember(source: string, tree: Root, lines: number, view: TextView): TreeMemory {
  return { source, tree, closed: isClosed(view, tree), lines };
}

const fenceLine = /^ {0,3}(`{3,}|~{3,})/;
/** A line that may open a list item (a bullet or `1.`/`1)`, then a space or the line's end): it would join a list just before it. */
const listItemStart = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|\n|$)/;

/**
 * Whether a list item that starts what is appended to `last` may be read otherwise in the whole
 * text than alone: after a list it may join the list (its next item may come after a blank line);
 * after indented code micromark reads it as if it interrupted a paragraph, so an ordered list
 * that does not start at 1, or an item whose first line is empty, is read as a paragraph
 * (micromark/micromark#228).
 */
function readsListItemApart(last: { source: string; tree: Root }): boolean {
  const node = last.tree.children.at(-1);
  if (node?.type === 'list') return true;
  const start = node?.position?.start.offset;
  return node?.type === 'code' && start !== undefined && !fenceLine.test(last.source.slice(start, node.position?.end.offset));
}

function isClosed(source: TextView, tree: Root): boolean {
  if (!source.endsWith('\n\n')) return false;
  const node = tree.children.at(-1);
  if (node === undefined) return true;
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return false;
  const raw = source.slice(start, end);
  if (node.type === 'html') return false;
  if (node.type !== 'code') return true;
  const opening = fenceLine.exec(raw)?.[1];
  // An indented code block ends at the blank line; a fenced one only at its closing fence.
  if (opening === undefined) return true;
  // The last line that is not blank, and not the opening line: a fence just opened and followed by blank lines is still open.
  const body = raw.trimEnd();
  const lastBreak = body.lastIndexOf('\n');
  const closing = body.slice(lastBreak + 1);
  const found = fenceLine.exec(closing)?.[1];
  return lastBreak !== -1 && found !== undefined && found[0] === opening[0] && found.length >= opening.length && closing.trim() === found;
}

function shift(node: RootContent, offset: number, lines: number): RootContent {
  const position = node.position;
  if (position === undefined) return node;
  const move = (point: typeof position.start) => ({ ...point, line: point.line + lines, offset: (point.offset ?? 0) + offset });
  return { ...node, position: { start: move(position.start), end: move(position.end) } } as RootContent;
}

function countLines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count++;
  return count;
}
