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
import { parseDocument, sectionNodes } from '../../src/protocol/parse-document.js';
import { readMarkdown } from '../../src/protocol/read-markdown.js';
import { readCitationUnits } from '../../src/protocol/citation-units.js';
import { growingDebate, parseFresh } from '../protocol/growing-debate.js';
import { parseOk } from '../protocol/parse-ok.js';
import { fixtures } from './ledger-fixtures.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 80);

/** Everything a turn reads from a document, each asked twice as a turn does (memos answer the second). */
function readTurn(document: DebateDocument) {
  const decide = () => (['reviewer', 'responder'] as const).flatMap((role) => [1, 2, 100].map((maxRounds) => decideAction(document, role, { maxRounds, stalled: lastRoundStalled })));
  const decisions = decide();
  expect(decide()).toEqual(decisions);
  const states = trackPoints(document);
  expect(trackPoints(document)).toEqual(states);
  return {
    decisions,
    states,
    summary: summarizeLedger(states),
    ledger: buildLedger(document),
    engagement: engagementOf(document),
    citations: readCitations(document),
    checks: (['review', 'response', 'follow-up'] as const).map((turn) =>
      readAgentAnswer('### R1. Point\n**Agreed**: I withdraw it.\n\n### R3\n**Maintained**', scopeOf(turn, turn === 'response' ? 'responder' : 'reviewer', document)),
    ),
  };
}

describe('what a session reads of a growing debate', () => {
  it('is the same from the documents parsed as the file grew as from documents parsed from nothing', () => {
    fc.assert(
      fc.property(growingDebate, (texts) => {
        parseDocument('\u0001 unrelated');
        const seen = texts.map((text) => {
          const parsed = parseDocument(text);
          return parsed.ok ? readTurn(parsed.document) : null;
        });
        texts.forEach((text, index) => {
          const fresh = parseFresh(text);
          expect(seen[index]).toEqual(fresh.ok ? readTurn(fresh.document) : null);
        });
      }),
      { numRuns },
    );
  });
});

describe("a section's citations, from the nodes the document was read from", () => {
  it('are those of its body parsed alone', () => {
    fc.assert(
      fc.property(growingDebate, (texts) => {
        for (const text of texts) {
          const parsed = parseDocument(text);
          if (!parsed.ok) continue;
          for (const section of parsed.document.sections) {
            expect(readCitationUnits(sectionNodes(section))).toEqual(readCitationUnits(readMarkdown(section.body).children));
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
        const parsed = parseFresh(texts.at(-1) ?? '');
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
      state.category = null;
    }
    expect(trackPoints(document)).toEqual(expected);
    expect(trackPoints(document, {})).toEqual(expected);
  });
});
