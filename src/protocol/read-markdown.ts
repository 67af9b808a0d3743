import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { appendedTo } from './extends-text.js';
import type { ReaderMemory } from './reader-memory.js';

const parser = unified().use(remarkParse);

/**
 * CRLF and lone CR become LF, and byte order marks at the start go (remark drops one itself,
 * which would shift every offset it reports against the text); line numbers are unchanged.
 */
export function normalizeNewlines(text: string): string {
  // Most files have neither: a debate of megabytes is not copied to learn that.
  if (!text.includes('\r') && !text.startsWith('\uFEFF')) return text;
  return text.replace(/^\uFEFF+/, '').replace(/\r\n?/g, '\n');
}

/**
 * `normalizeNewlines(text)` for a `text` that extends `previous` (normalized: `normalized`),
 * reading only what was appended: the same unless a CR ends `previous` (a CRLF cut in two) or
 * `previous` is nothing but byte order marks, which are then read whole. The text built (`text`
 * itself when `previous` needed nothing changed) is noted in `memory` as extending `normalized`
 * (see appendedTo), so its readers need not read it whole either.
 */
export function normalizeAppended(memory: Pick<ReaderMemory, 'extension'>, previous: string, normalized: string, text: string): string {
  const appended = appendedTo(text, previous, memory.extension);
  // A text whose normalized form is itself has no CR, let alone one at its end: only `appended` is read.
  if (normalized === previous && normalized !== '' && !appended.includes('\r')) return text;
  if (normalized === '' || previous.endsWith('\r')) return normalizeNewlines(text);
  const added = appended.includes('\r') ? appended.replace(/\r\n?/g, '\n') : appended;
  const source = normalized + added;
  memory.extension = { text: source, prefix: normalized, appended: added };
  return source;
}

/** The mdast tree of `text` (already normalized). The only place that runs remark. */
export function readMarkdown(text: string): Root {
  return parser.parse(text);
}
