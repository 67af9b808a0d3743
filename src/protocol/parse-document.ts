import type { ParseResult } from './parse-result.js';
import { readDocument } from './reading/read-document.js';
import { createReaderMemory } from './reading/reader-memory.js';

/**
 * Reads the shared file as docs/protocol.md defines it: the title, our metadata comment, the sections
 * (level-2 headings, ATX or setext, aliases accepted) in order, and the Review's points.
 * A heading the protocol does not know, or sections out of turn, give a ProtocolError value.
 * Nothing after the first CONSENSUS is read. A pure function: the reader of reading/ with nothing
 * remembered. A reader that reads the file as it grows, parsing only what it gained, is
 * createDebateReader's, and its answers are this function's (test/protocol/reading/).
 */
export function parseDocument(text: string): ParseResult {
  return readDocument(createReaderMemory(), text);
}
