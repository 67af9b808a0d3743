import type { DebateDocument } from '../../src/protocol/document.js';
import { parseDocument } from '../../src/protocol/parse-document.js';

/** The parsed document; a ProtocolError fails the test with its own message. */
export function parseOk(text: string): DebateDocument {
  const result = parseDocument(text);
  if (!result.ok) throw result.error;
  return result.document;
}
