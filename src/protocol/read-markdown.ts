import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { appendedTo } from './extends-text.js';
import type { ReaderMemory } from './reader-memory.js';

const parser = unified().use(remarkParse);

/**
 * The text as the protocol reads it (docs/protocol.md, "What a reader normalizes"): CRLF and lone
 * CR become LF; byte order marks (anywhere: a shell append on Windows writes one before its
 * heading), zero-width spaces and word joiners go; no-break spaces become spaces. Line numbers
 * are unchanged. Letters and digits of other scripts are left as they are: they are not the
 * protocol's words.
 */
export function normalizeNewlines(text: string): string {
  // Most files have none of these: a debate of megabytes is not copied to learn that.
  if (!needsNormalizing.test(text)) return text;
  return normalizeChars(text.replace(/\r\n?/g, '\n'));
}

const needsNormalizing = /[\r\uFEFF\u200B\u2060\u00A0\u2007\u202F]/;

function normalizeChars(text: string): string {
  return text.replace(/[\uFEFF\u200B\u2060]+/g, '').replace(/[\u00A0\u2007\u202F]/g, ' ');
}

/**
 * `normalizeNewlines(text)` for a `text` that extends `previous` (normalized: `normalized`),
 * reading only what was appended: the same unless a CR ends `previous` (a CRLF cut in two) or
 * `previous` normalizes to nothing (byte order marks alone), which are then read whole. The text built (`text`
 * itself when `previous` needed nothing changed) is noted in `memory` as extending `normalized`
 * (see appendedTo), so its readers need not read it whole either.
 */
export function normalizeAppended(memory: Pick<ReaderMemory, 'extension'>, previous: string, normalized: string, text: string): string {
  const appended = appendedTo(text, previous, memory.extension);
  // A text whose normalized form is itself has no CR, let alone one at its end: only `appended` is read.
  if (normalized === previous && normalized !== '' && !needsNormalizing.test(appended)) return text;
  if (normalized === '' || previous.endsWith('\r')) return normalizeNewlines(text);
  const added = normalizeNewlines(appended);
  const source = normalized + added;
  memory.extension = { text: source, prefix: normalized, appended: added };
  return source;
}

/** The mdast tree of `text` (already normalized). The only place that runs remark. */
export function readMarkdown(text: string): Root {
  return parser.parse(text);
}
