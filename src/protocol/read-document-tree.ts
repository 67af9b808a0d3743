import type { Root, RootContent } from 'mdast';
import { readMarkdown } from './read-markdown.js';

/**
 * The mdast tree of a whole debate file, parsing only what was appended since the last call
 * when it can. The file is append-only, and a turn would otherwise re-parse every earlier
 * section (remark reads about 5 MB/s): the tree of `previous + appended` is the previous
 * top-level nodes plus those of `appended` (positions shifted) when nothing in `previous` is
 * still open at its end: it ends with a blank line, its last block is not a fenced code block or
 * an HTML block that waits for its closing line, and `appended` does not start indented (which
 * could continue a list item). Anything else is parsed whole. Only the top-level nodes' positions
 * are shifted: callers read headings and HTML at the top level, by offset and line.
 */
export function readDocumentTree(source: string): Root {
  const last = previous;
  if (last !== null && source === last.source) return last.tree;
  if (last !== null && source.length > last.source.length && source.startsWith(last.source) && last.closed) {
    const appended = source.slice(last.source.length);
    if (!/^[ \t]/.test(appended.replace(/^\n+/, ''))) {
      const lines = countLines(last.source);
      const tree: Root = { type: 'root', children: [...last.tree.children, ...readMarkdown(appended).children.map((node) => shift(node, last.source.length, lines))] };
      remember(source, tree);
      return tree;
    }
  }
  const tree = readMarkdown(source);
  remember(source, tree);
  return tree;
}

let previous: { source: string; tree: Root; closed: boolean } | null = null;

function remember(source: string, tree: Root): void {
  previous = { source, tree, closed: isClosed(source, tree) };
}

const fenceLine = /^ {0,3}(`{3,}|~{3,})/;

function isClosed(source: string, tree: Root): boolean {
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
  const closing = raw.trimEnd().split('\n').at(-1) ?? '';
  const found = fenceLine.exec(closing)?.[1];
  return raw.includes('\n') && found !== undefined && found[0] === opening[0] && found.length >= opening.length && closing.trim() === found;
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
