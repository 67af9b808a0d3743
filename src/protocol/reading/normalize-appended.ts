import { needsNormalizing, normalizeNewlines } from '../read-markdown.js';
import { appendedTo, type Extension } from './extends-text.js';

/**
 * `normalizeNewlines(text)` for a `text` that extends `previous` (normalized: `normalized`),
 * reading only what was appended: the same unless a CR ends `previous` (a CRLF cut in two) or
 * `previous` normalizes to nothing (byte order marks alone), which are then read whole. The text built (`text`
 * itself when `previous` needed nothing changed) is noted in `memory` as extending `normalized`
 * (see appendedTo), so its readers need not read it whole either.
 */
export function normalizeAppended(memory: { extension: Extension | null }, previous: string, normalized: string, text: string): string {
  const appended = appendedTo(text, previous, memory.extension);
  // A text whose normalized form is itself has no CR, let alone one at its end: only `appended` is read.
  if (normalized === previous && normalized !== '' && !needsNormalizing.test(appended)) return text;
  if (normalized === '' || previous.endsWith('\r')) return normalizeNewlines(text);
  const added = normalizeNewlines(appended);
  const source = normalized + added;
  memory.extension = { text: source, prefix: normalized, appended: added };
  return source;
}
