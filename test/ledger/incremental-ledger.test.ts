import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { engagementOf } from '../../src/ledger/engagement-of.js';
import { readCitations } from '../../src/protocol/read-citations.js';
import { summarizeLedger } from '../../src/ledger/summarize-ledger.js';
import { trackPoints } from '../../src/protocol/track-points.js';
import { lastRoundStalled } from '../../src/ledger/engagement-of.js';
import { readAgentAnswer, scopeOf } from '../../src/protocol/read-agent-answer.js';
import { decideAction } from '../../src/protocol/decide-action.js';
import type { DebateDocument } from '../../src/protocol/document.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { createLedgerReader, type LedgerReader } from '../../src/ledger/ledger-reader.js';
import { formatFailedCitations } from '../../src/ledger/citation-report.js';
import type { CitationCheck } from '../../src/git/check-citations.js';
import { readMarkdown } from '../../src/protocol/read-markdown.js';
import { readCitationUnits } from '../../src/protocol/citation-units.js';
import { growingDebate } from '../protocol/growing-debate.js';
import { parseOk } from '../protocol/parse-ok.js';
import { fixtures } from './ledger-fixtures.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 80);

/** Checks of a document's citations as a turn makes them, every other one failed. */
const checksOf = (citations: readonly CitationCheck[] | ReturnType<typeof readCitations>): CitationCheck[] =>
  citations.map((citation, index) => ({ ...citation, ok: index % 2 === 0, problem: index % 2 === 0 ? null : 'not there' }));

/**
 * Everything a turn reads from a document, each asked twice as a turn does (memos answer the
 * second): through `reader` as a session reads it, or through the pure functions without one.
 */
function readTurn(document: DebateDocument, reader: LedgerReader | null) {
  const points = reader?.points ?? ((of: DebateDocument) => trackPoints(of));
  const stalled = reader?.lastRoundStalled ?? lastRoundStalled;
  const decide = () => (['reviewer', 'responder'] as const).flatMap((role) => [1, 2, 100].map((maxRounds) => decideAction(document, role, { maxRounds, stalled, points })));
  const decisions = decide();
  expect(decide()).toEqual(decisions);
  const states = points(document);
  expect(points(document)).toEqual(states);
  const citations = reader?.citations(document) ?? readCitations(document);
  const checks = checksOf(citations);
  return {
    decisions,
    states,
    summary: summarizeLedger(states),
    ledger: reader?.ledger(document) ?? buildLedger(document),
    engagement: engagementOf(reader?.ledger(document) ?? document),
    citations,
    failed: reader?.failedCitations(checks) ?? formatFailedCitations(checks),
    answers: (['review', 'response', 'follow-up'] as const).map((turn) =>
      readAgentAnswer('### R1. Point\n**Agreed**: I withdraw it.\n\n### R3\n**Maintained**', scopeOf(turn, turn === 'response' ? 'responder' : 'reviewer', document, states)),
    ),
  };
}

describe('what a session reads of a growing debate', () => {
  it('is the same through one reader, as the file grew, as from the pure functions', () => {
    fc.assert(
      fc.property(growingDebate, (texts) => {
        const reader = createLedgerReader();
        reader.parse('\u0001 unrelated');
        const seen = texts.map((text) => {
          const parsed = reader.parse(text);
          return parsed.ok ? readTurn(parsed.document, reader) : null;
        });
        texts.forEach((text, index) => {
          const fresh = parseDocument(text);
          expect(seen[index]).toEqual(fresh.ok ? readTurn(fresh.document, null) : null);
        });
      }),
      { numRuns },
    );
  });

  it('is the same from the pure functions whatever they read before', () => {
    fc.assert(
      fc.property(growingDebate, (texts) => {
        const last = parseDocument(texts.at(-1) ?? '');
        if (!last.ok) return;
        const first = readTurn(last.document, null);
        for (const text of texts) {
          const parsed = parseDocument(text);
          if (parsed.ok) readTurn(parsed.document, null);
        }
        expect(readTurn(last.document, null)).toEqual(first);
      }),
      { numRuns },
    );
  });
});

describe("a section's citations, from the nodes the reader read the document from", () => {
  it('are those of its body parsed alone', () => {
    fc.assert(
      fc.property(growingDebate, (texts) => {
        const reader = createLedgerReader();
        for (const text of texts) {
          const parsed = reader.parse(text);
          if (!parsed.ok) continue;
          for (const section of parsed.document.sections) {
            expect(readCitationUnits(reader.sectionNodes(section))).toEqual(readCitationUnits(readMarkdown(section.body).children));
          }
        }
      }),
      { numRuns },
    );
  });
});

describe('engagementOf one round', () => {
  it('gives the records of that round among those of every round', () => {
    fc.assert(
      fc.property(growingDebate, (texts) => {
        const parsed = parseDocument(texts.at(-1) ?? '');
        if (!parsed.ok) return;
        const ledger = buildLedger(parsed.document);
        const all = engagementOf(ledger);
        for (let round = 0; round <= ledger.rounds + 1; round++) expect(engagementOf(ledger, round)).toEqual(all.filter((record) => record.round === round));
      }),
      { numRuns },
    );
  });
});

describe('trackPoints, asked again for the same document', () => {
  it('gives each caller states of its own', () => {
    const document = parseOk(fixtures.ours);
    const first = trackPoints(document);
    const expected = structuredClone(first);
    for (const state of first) {
      state.resolved = !state.resolved;
      state.answer = null;
    }
    expect(trackPoints(document)).toEqual(expected);
    expect(trackPoints(document, {})).toEqual(expected);
    const reader = createLedgerReader();
    const read = reader.points(document);
    for (const state of read) state.resolved = !state.resolved;
    expect(reader.points(document)).toEqual(expected);
  });
});
