import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

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

/** A character normalizeNewlines changes: a text with none is already as the protocol reads it. */
export const needsNormalizing = /[\r\uFEFF\u200B\u2060\u00A0\u2007\u202F]/;

function normalizeChars(text: string): string {
  return text.replace(/[\uFEFF\u200B\u2060]+/g, '').replace(/[\u00A0\u2007\u202F]/g, ' ');
}

/** The mdast tree of `text` (already normalized). The only place that runs remark. */
export function readMarkdown(text: string): Root {
  return parser.parse(text);
}
