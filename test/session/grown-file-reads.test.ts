import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { readCitations } from '../../src/protocol/read-citations.js';
import { trackPoints } from '../../src/protocol/track-points.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import type { ParseResult } from '../../src/protocol/parse-result.js';
import { renderAppend } from '../../src/protocol/render-section.js';
import { sanitizeAgentText } from '../../src/protocol/sanitize-agent-text.js';
import { createFileMemory, stateOf, textEnd, type FileState } from '../../src/session/read-debate-file.js';
import { agentLikeText } from '../faults/markdown-arbitraries.js';
import { growingDebate } from '../protocol/growing-debate.js';
import { createLedgerReader, type LedgerReader } from '../../src/ledger/ledger-reader.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 60);

/** What a turn reads of a parse, as data: through the session's reader, or the pure functions. */
function readOf(result: ParseResult, reader: LedgerReader | null) {
  if (!result.ok) return { ok: false, message: result.error.message, line: result.error.line };
  const { document } = result;
  if (reader !== null) return { document, states: reader.points(document), ledger: reader.ledger(document), citations: reader.citations(document) };
  return { document, states: trackPoints(document), ledger: buildLedger(document), citations: readCitations(document) };
}

/**
 * The file as a session reads it: each state from its bytes (stateOf builds a grown file's text
 * from the last one and notes it, so the readers take only the part it gained), and, after some
 * of them, our own section appended as a turn writes it: the agent's text sanitized, rendered
 * from the end of the file and its CRLF, and read back.
 */
describe('a session reading a file that it and its peer grow', () => {
  it('reads every state as a parse from nothing does', () => {
    fc.assert(
      fc.property(growingDebate, fc.array(fc.option(agentLikeText, { nil: null }), { maxLength: 8 }), (texts, answers) => {
        const reader = createLedgerReader();
        const memory = createFileMemory();
        reader.parse('\u0001 unrelated');
        stateOf(Buffer.from('\u0001 unrelated'), memory);
        const seen: Array<{ state: FileState; read: ReturnType<typeof readOf> }> = [];
        texts.forEach((text, index) => {
          const state = stateOf(Buffer.from(text), memory);
          seen.push({ state, read: readOf(reader.parse(state.text, state.growth), reader) });
          const answer = answers[index];
          if (answer === undefined || answer === null || state.text.trim() === '') return;
          const body = sanitizeAgentText(answer, 'Response 9', reader.rememberSectionBody);
          const added = renderAppend(textEnd(state, 64), { kind: 'response', number: 9, body, role: 'responder', agent: 'test', time: new Date(0) }, state.bytes.includes('\r\n'));
          const ours = stateOf(Buffer.concat([state.bytes, Buffer.from(added)]), memory);
          expect(ours.text).toBe(state.text + renderAppend(state.text, { kind: 'response', number: 9, body, role: 'responder', agent: 'test', time: new Date(0) }));
          seen.push({ state: ours, read: readOf(reader.parse(ours.text, ours.growth), reader) });
        });
        for (const { state, read } of seen) expect(read).toEqual(readOf(parseDocument(state.text), null));
      }),
      { numRuns },
    );
  });
});
