import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { noteExtension } from './extends-text.js';

const parser = unified().use(remarkParse);

/**
 * CRLF and lone CR become LF, and byte order marks at the start go (remark drops one itself,
 * which would shift every offset it reports against the text); line numbers are unchanged.
 */
export function normalizeNewlines(text: string): string {
  return text.replace(/^\uFEFF+/, '').replace(/\r\n?/g, '\n');
}

/**
 * `normalizeNewlines(text)` for a `text` that extends `previous` (normalized: `normalized`),
 * reading only what was appended: the same unless a CR ends `previous` (a CRLF cut in two) or
 * `previous` is nothing but byte order marks, which are then read whole.
 */
export function normalizeAppended(previous: string, normalized: string, text: string): string {
  if (normalized === '' || previous.endsWith('\r')) return normalizeNewlines(text);
  const appended = text.slice(previous.length);
  if (normalized === previous && !appended.includes('\r')) return text;
  const source = normalized + (appended.includes('\r') ? appended.replace(/\r\n?/g, '\n') : appended);
  noteExtension(source, normalized);
  return source;
}

/** The mdast tree of `text` (already normalized). The only place that runs remark. */
export function readMarkdown(text: string): Root {
  return parser.parse(text);
}
