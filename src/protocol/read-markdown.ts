import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse);

/**
 * CRLF and lone CR become LF, and byte order marks at the start go (remark drops one itself,
 * which would shift every offset it reports against the text); line numbers are unchanged.
 */
export function normalizeNewlines(text: string): string {
  return text.replace(/^\uFEFF+/, '').replace(/\r\n?/g, '\n');
}

/** The mdast tree of `text` (already normalized). The only place that runs remark. */
export function readMarkdown(text: string): Root {
  return parser.parse(text);
}
