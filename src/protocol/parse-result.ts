import type { ProtocolError } from '../errors.js';
import type { DebateDocument } from './document.js';

/** What reading a debate file gives: its document, or what in it could not be read (see parseDocument). */
export type ParseResult = { ok: true; document: DebateDocument } | { ok: false; error: ProtocolError };
