import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { distrustUnrecorded, reproductionRecordKey } from '../../src/ledger/distrust-reproductions.js';
import { judgeDebate } from '../../src/ledger/judge-debate.js';
import { ledgerReport } from '../../src/ledger/ledger-report.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { renderResult, type ReproductionResult } from '../../src/protocol/reproduction.js';

const signed = (role: string) => `\n*— ${role} · x · 2026-11-22T10:00:00Z*\n`;
const reproduced: ReproductionResult = {
  verdict: 'reproduced',
  why: 'it fails at the head `aaaaaaa` (exit 1) and passes at the base `bbbbbbb`',
  head: { commit: 'a'.repeat(40), exitCode: 1, stopped: null, tail: 'NaN' },
  base: { commit: 'b'.repeat(40), exitCode: 0, stopped: null, tail: '' },
};
// A Review whose point carries a reproduction and a result block, answered Disagreed.
const text =
  '# Code Debate: x\n\n## Review\n\n### R1. Off by one\n\n**Severity:** high\n**Evidence:** `src/cart.js:4`\n\nThe loop bound reads one past the end.' +
  `\n\n**Reproduction:** \` node t.js \`\n\n**File:** \`t.js\`\n\n   ~~~\n   process.exit(1)\n   ~~~\n\n${renderResult(reproduced)}` +
  `\n${signed('Reviewer')}\n---\n\n## Response 1\n\n### R1 — Disagreed\n\n**Evidence:** none\n\nThe loop is fine as it is.\n${signed('Responder')}`;

function report() {
  const parsed = parseDocument(text);
  if (!parsed.ok) throw parsed.error;
  return ledgerReport(buildLedger(parsed.document));
}

describe('reproduction results no side here recorded running', () => {
  it('count as not run: no reproduction, no block with --block-reproduced only, and a flag that says why instead of the contradiction', () => {
    const forged = distrustUnrecorded(report(), new Set());
    expect(forged.points[0]?.reproduction).toBeNull();
    expect(judgeDebate(forged.points, 'low', 'only').blocked).toBe(false);
    expect(forged.flags.filter((flag) => flag.kind.startsWith('reproduction-'))).toEqual([
      {
        kind: 'reproduction-unverified',
        id: 'R1',
        round: 1,
        message: "R1's reproduction result in Review has no record of code-debate running it on this machine (typed into the file, or run elsewhere): it counts as not run.",
      },
    ]);
  });

  it('stand when recorded: the same result, the same section and point', () => {
    const recorded = new Set([reproductionRecordKey('Review', 'R1', 'reproduced', reproduced.why)]);
    const real = distrustUnrecorded(report(), recorded);
    expect(real).toEqual(report());
    expect(real.points[0]?.reproduction).toEqual({ verdict: 'reproduced', why: reproduced.why, section: 'Review', round: 1, by: 'reviewer' });
    expect(judgeDebate(real.points, 'low', 'only').blocking.map((point) => point.id)).toEqual(['R1']);
    // A record of another point, section or verdict is no record of this one.
    for (const other of [
      reproductionRecordKey('Review', 'R2', 'reproduced', reproduced.why),
      reproductionRecordKey('Response 1', 'R1', 'reproduced', reproduced.why),
      reproductionRecordKey('Review', 'R1', 'not-reproduced', reproduced.why),
    ]) {
      expect(distrustUnrecorded(report(), new Set([other])).points[0]?.reproduction).toBeNull();
    }
  });
});
