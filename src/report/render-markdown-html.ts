import type { ListItem, Nodes, RootContent } from 'mdast';
import { normalizeNewlines, readMarkdown } from '../protocol/read-markdown.js';
import { escapeHtml } from './render-chart.js';

type Handlers = { [Type in RootContent['type']]: (node: Extract<RootContent, { type: Type }>) => string };

/**
 * A turn's Markdown as a safe subset of HTML: paragraphs, emphasis, strong, inline code, code
 * blocks, lists, quotes and headings as bold lines. Every text is escaped; raw HTML in the
 * Markdown shows as text, a link as its text and address, an image as its alt text: the page
 * gains no element, attribute or address from what an agent wrote.
 */
export function renderMarkdownHtml(markdown: string): string {
  return children(readMarkdown(normalizeNewlines(markdown)));
}

function children(node: { children: readonly RootContent[] }): string {
  return node.children.map(renderNode).join('');
}

function renderNode(node: RootContent): string {
  const handler = handlers[node.type] as (node: RootContent) => string;
  return handler(node);
}

const text = (node: { value: string }) => escapeHtml(node.value);

const handlers: Handlers = {
  blockquote: (node) => `<blockquote>${children(node)}</blockquote>`,
  break: () => '<br>',
  code: (node) => `<pre><code>${escapeHtml(node.value)}</code></pre>`,
  definition: () => '',
  delete: (node) => `<del>${children(node)}</del>`,
  emphasis: (node) => `<em>${children(node)}</em>`,
  footnoteDefinition: (node) => `<p>[^${escapeHtml(node.identifier)}]:</p>${children(node)}`,
  footnoteReference: (node) => `[^${escapeHtml(node.identifier)}]`,
  heading: (node) => `<p><b>${children(node)}</b></p>`,
  html: text,
  image: (node) => escapeHtml(node.alt ?? ''),
  imageReference: (node) => escapeHtml(node.alt ?? ''),
  inlineCode: (node) => `<code>${escapeHtml(node.value)}</code>`,
  link: (node) => {
    const label = children(node);
    return plainText(node) === node.url || node.url === '' ? label : `${label} (${escapeHtml(node.url)})`;
  },
  linkReference: (node) => children(node),
  list: (node) => {
    const items = node.children.map((item) => renderListItem(item, node.spread === true || item.spread === true)).join('');
    if (!node.ordered) return `<ul>${items}</ul>`;
    return node.start === null || node.start === undefined || node.start === 1 ? `<ol>${items}</ol>` : `<ol start="${Math.trunc(node.start)}">${items}</ol>`;
  },
  listItem: (node) => renderListItem(node, true),
  paragraph: (node) => `<p>${children(node)}</p>`,
  strong: (node) => `<strong>${children(node)}</strong>`,
  table: (node) => children(node),
  tableCell: (node) => `${children(node)} `,
  tableRow: (node) => `<p>${children(node)}</p>`,
  text,
  thematicBreak: () => '<hr>',
  yaml: (node) => `<pre><code>${escapeHtml(node.value)}</code></pre>`,
};

/** An item of a loose list holds paragraphs; a tight list's items are lines. */
function renderListItem(node: ListItem, loose: boolean): string {
  const box = node.checked === true ? '[x] ' : node.checked === false ? '[ ] ' : '';
  const content = loose ? children(node) : node.children.map((child) => (child.type === 'paragraph' ? children(child) : renderNode(child))).join('');
  return `<li>${box}${content}</li>`;
}

/** A node's text without its marks, to tell a bare address from a link with words. */
function plainText(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child)).join('') : '';
}
