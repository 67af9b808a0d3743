import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/errors.js';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { convergenceSequence } from '../../src/ledger/convergence-state.js';
import { ledgerReport } from '../../src/ledger/ledger-report.js';
import { readOutcome } from '../../src/ledger/read-outcome.js';
import { trackPoints } from '../../src/protocol/track-points.js';
import { decideAction } from '../../src/protocol/decide-action.js';
import { findHistoryChange } from '../../src/protocol/find-history-change.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { normalizeNewlines } from '../../src/protocol/read-markdown.js';
import { sanitizeAgentText } from '../../src/protocol/sanitize-agent-text.js';
import { consensusBody } from '../../src/session/consensus-body.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { agentLikeText, anyText, debateLikeText } from './markdown-arbitraries.js';

/** Runs per property: enough to meet every kind of line many times, few enough for a shared 2-core machine. */
const numRuns = Number(process.env.FUZZ_RUNS ?? 400);
/** One parse of a few KB takes milliseconds; far more means a super-linear path, as good as a hang. */
const perRunMs = 1_000;

/** Calls `work` and fails if it took longer than `perRunMs`: a run may not hang, nor nearly. */
function bounded<T>(work: () => T, input: string): T {
  const started = performance.now();
  const result = work();
  const took = performance.now() - started;
  if (took > perRunMs) throw new Error(`took ${Math.round(took)} ms (limit ${perRunMs} ms) on ${JSON.stringify(input.slice(0, 200))}`);
  return result;
}

const lineCount = (text: string) => text.split(/\r\n?|\n/).length;

describe('a fuzzed debate file', () => {
  it('never makes parseDocument throw: it is a document, or a ProtocolError naming a line of the file', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 3, arbitrary: debateLikeText }, { weight: 1, arbitrary: anyText }), (text) => {
        const result = bounded(() => parseDocument(text), text);
        if (result.ok) return;
        expect(result.error).toBeInstanceOf(ProtocolError);
        expect(Number.isInteger(result.error.line)).toBe(true);
        expect(result.error.line).toBeGreaterThanOrEqual(1);
        expect(result.error.line).toBeLessThanOrEqual(lineCount(text));
        expect(result.error.message).toContain(`line ${result.error.line}`);
      }),
      { numRuns },
    );
  });

  it('never makes what reads a parsed document throw: the decision, the ledger, its report, the CONSENSUS', () => {
    fc.assert(
      fc.property(debateLikeText, (text) => {
        const result = parseDocument(text);
        if (!result.ok) return;
        const document = result.document;
        bounded(() => {
          for (const role of ['reviewer', 'responder'] as const) decideAction(document, role, { maxRounds: 5 });
          trackPoints(document);
          const ledger = buildLedger(document);
          ledgerReport(ledger);
          readOutcome(ledger);
          convergenceSequence(ledger);
          const round = document.sections.filter((section) => section.kind === 'response').length;
          return consensusBody({ reason: 'max-rounds', round, maxRounds: 5, peer: 'responder', turnTimeoutMs: 1_000, document, checks: [] }, 'A summary.');
        }, text);
      }),
      { numRuns },
    );
  });
});

describe("a fuzzed agent's output", () => {
  const header = '# Code Debate: HEAD\n\n';
  const signature = '*— Reviewer · x · 2026-01-01T00:00:00Z*';

  it('can neither forge a section nor swallow the next one, for remark or for a line-oriented peer', () => {
    fc.assert(
      fc.property(agentLikeText, (text) => {
        const body = bounded(() => sanitizeAgentText(text, 'Review'), text);
        expect(body).not.toMatch(/\r/);
        expect(body).not.toMatch(/^#{1,2}(?:[ \t]|$)/m);
        const file = `${header}## Review\n\n${body}\n\n${signature}\n\n---\n\n## Response 1\n\nok\n`;
        const parsed = parseDocument(file);
        if (!parsed.ok) throw parsed.error;
        expect(parsed.document.sections.map((section) => section.kind)).toEqual(['review', 'response']);
        expect(headingsOf(file)).toEqual(['## Review', '## Response 1']);
      }),
      { numRuns },
    );
  });
});

describe('a fuzzed change of the file', () => {
  it('an append is never a change of its history; losing any line of it always is', () => {
    fc.assert(
      fc.property(fc.oneof(debateLikeText, anyText), fc.oneof(debateLikeText, anyText), fc.nat(), (earlier, added, pick) => {
        expect(bounded(() => findHistoryChange(earlier, `${earlier}\n${added}`), earlier)).toBeNull();
        const lines = earlier.split('\n');
        // A line a reader sees: one of only invisible characters (a zero-width space) is as blank as an empty one.
        const kept = lines.map((line, index) => ({ line, index })).filter(({ line }) => normalizeNewlines(line).trim() !== '');
        const dropped = kept[pick % Math.max(1, kept.length)];
        if (dropped === undefined) return;
        const change = findHistoryChange(earlier, lines.filter((_, index) => index !== dropped.index).join('\n'));
        expect(change).not.toBeNull();
        expect(change!.line).toBeGreaterThanOrEqual(1);
      }),
      // A counterexample CI found: a line of a zero-width space alone is no line a reader sees.
      { numRuns, examples: [['\u200b\n', '', 0]] },
    );
  });
});
