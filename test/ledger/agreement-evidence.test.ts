import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { ledgerReport } from '../../src/ledger/ledger-report.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { renderResult, type ReproductionResult } from '../../src/protocol/reproduction.js';

const signed = (role: string) => `\n*— ${role} · x · 2026-11-22T10:00:00Z*\n`;
const reasoning = 'The loop bound reads one past the end of the array. Every total becomes NaN.';
const reproduced: ReproductionResult = {
  verdict: 'reproduced',
  why: 'it fails at the head `aaaaaaa` (exit 1) and passes at the base `bbbbbbb`',
  head: { commit: 'a'.repeat(40), exitCode: 1, stopped: null, tail: 'NaN' },
  base: { commit: 'b'.repeat(40), exitCode: 0, stopped: null, tail: '' },
};
const review = (withRun: boolean) =>
  `# Code Debate: x\n\n## Review\n\n### R1. Off by one\n\n**Severity:** high\n**Evidence:** \`src/cart.js:4\`\n\n${reasoning}` +
  (withRun ? `\n\n**Reproduction:** \` node t.js \`\n\n**File:** \`t.js\`\n\n   ~~~\n   process.exit(1)\n   ~~~\n\n${renderResult(reproduced)}` : '') +
  `\n${signed('Reviewer')}\n---\n\n## Response 1\n\n`;

function reportOf(text: string) {
  const parsed = parseDocument(text);
  if (!parsed.ok) throw parsed.error;
  return ledgerReport(buildLedger(parsed.document));
}

describe('an agreement and its evidence, in the ledger', () => {
  it('is confirmed with a place of its own in its own words; accepted without a place, or in the Review’s words', () => {
    const own = reportOf(`${review(false)}### R1 — Agreed\n\n**Evidence:** \`src/cart.js:4\`\n\nI ran total([1]) and got NaN: items[1] is read.\n${signed('Responder')}`);
    expect(own.points.map(({ agreement, confidence }) => ({ agreement, confidence }))).toEqual([{ agreement: 'confirmed', confidence: 'HIGH' }]);
    const bare = reportOf(`${review(false)}### R1 — Agreed\n\n**Evidence:** none\n\nI ran total([1]) and got NaN: items[1] is read.\n${signed('Responder')}`);
    expect(bare.points.map(({ agreement, confidence }) => ({ agreement, confidence }))).toEqual([{ agreement: 'accepted', confidence: 'MEDIUM' }]);
    const copied = reportOf(`${review(false)}### R1 — Agreed\n\n**Evidence:** \`src/cart.js:4\`\n\n${reasoning}\n${signed('Responder')}`);
    expect(copied.points.map(({ agreement, confidence }) => ({ agreement, confidence }))).toEqual([{ agreement: 'accepted', confidence: 'MEDIUM' }]);
  });

  it("carries the point's reproduction, and flags a Disagreed that a reproduction contradicts", () => {
    const report = reportOf(`${review(true)}### R1 — Disagreed\n\n**Evidence:** none\n\nThe loop is fine as it is, I am sure of it.\n${signed('Responder')}`);
    expect(report.points[0]?.reproduction).toEqual({ verdict: 'reproduced', why: reproduced.why, section: 'Review', round: 1, by: 'reviewer' });
    expect(report.flags.filter((flag) => flag.kind === 'reproduction-contradicted')).toEqual([
      { kind: 'reproduction-contradicted', id: 'R1', round: 1, message: `R1 was answered Disagreed, though its reproduction (Review) reproduced: ${reproduced.why}.` },
    ]);
  });
});
