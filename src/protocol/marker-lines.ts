import type { Html, RootContent } from 'mdast';
import { readMarkdown } from './read-markdown.js';
import { scanBlocks, startState, type LineKind } from './scan-blocks.js';

/**
 * For each line of a section body, whether a point's marker or label may stand there: a line of
 * a heading or a paragraph at the section's top level, or the first line of an item of a list at
 * its top level (docs/protocol.md, "Reading a peer's text"). Nothing inside a container is a
 * point's: HTML (a comment, `<details>` up to its closing tag, any block element), a block quote,
 * code (fenced or indented), a table, the lines of a list item after its first, a list inside a
 * list. `body` is normalized (see normalizeNewlines). Read by the block scanner, else by remark.
 */
export function markerLines(body: string): boolean[] {
  const lines = body.split('\n');
  // A body with no line that could mark a point (most reasoning) is not read further.
  if (!lines.some((line) => maybeMarker.test(line))) return lines.map(() => false);
  const kinds: LineKind[] = [];
  if (scanBlocks(body, startState(), kinds) === null) kinds.splice(0, kinds.length, ...kindsFromTree(body, lines.length));
  let open = 0;
  let table = false;
  return lines.map((line, index) => {
    const kind = kinds[index] ?? null;
    const before = open;
    if (kind === 'top' || kind === 'html') open = Math.max(0, open + elementsOpened(line.replace(/`[^`\n]*`/g, '')));
    // A paragraph whose second line is a delimiter row is a table to a reader's page: none of its rows is a marker.
    if (kind === 'top' && delimiterRow.test(lines[index + 1] ?? '') && (lines[index + 1] ?? '').includes('|') && line.includes('|')) table = true;
    if (line.trim() === '' || kind !== 'top') table = false;
    return (kind === 'top' || kind === 'item') && before === 0 && open === 0 && !table && !line.trimStart().startsWith('<');
  });
}

/** A line that starts as some marker does: a heading, an id, a number, a list item, emphasis. */
const maybeMarker = /^ {0,3}(?:#{3,6}[ \t]|[-*+][ \t]|\d|[RF]\d|\*\*|__)/;
const delimiterRow = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** Elements that hold blocks, as a reader's page shows them: what stands between their tags is theirs. A `<title>` left in a template is text. */
const containers: ReadonlySet<string> = new Set([
  'details',
  'div',
  'section',
  'article',
  'aside',
  'blockquote',
  'table',
  'ul',
  'ol',
  'dl',
  'pre',
  'figure',
  'nav',
  'main',
  'header',
  'footer',
  'fieldset',
  'form',
  'center',
  'template',
  'dialog',
]);

/** How many HTML container elements `text` opens, less those it closes; comments hold none. */
function elementsOpened(text: string): number {
  if (!text.includes('<')) return 0;
  let count = 0;
  for (const tag of text.replace(/<!--.*?(?:-->|$)/g, '').matchAll(/<(\/?)([A-Za-z][\w-]*)\b[^>]*?(\/?)>/g)) {
    if (!containers.has((tag[2] ?? '').toLowerCase()) || tag[3] === '/') continue;
    count += tag[1] === '/' ? -1 : 1;
  }
  return count;
}

/** The kinds of lines (see LineKind) as remark's tree gives them, for a body the scanner does not model. */
function kindsFromTree(body: string, count: number): LineKind[] {
  const kinds: LineKind[] = Array.from({ length: count }, () => null);
  const mark = (node: RootContent, kind: LineKind) => {
    for (let line = (node.position?.start.line ?? 1) - 1; line <= (node.position?.end.line ?? 0) - 1; line++) kinds[line] = kind;
  };
  for (const node of readMarkdown(body).children) {
    if (node.type === 'heading' || node.type === 'paragraph') mark(node, 'top');
    else if (node.type === 'html') mark(node satisfies Html, 'html');
    else if (node.type === 'list') for (const item of node.children) kinds[(item.position?.start.line ?? 1) - 1] = 'item';
  }
  return kinds;
}
