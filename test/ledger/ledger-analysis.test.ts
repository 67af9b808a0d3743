import { describe, expect, it } from 'vitest';
import { buildLedger, statusBefore } from '../../src/ledger/build-ledger.js';
import fc from 'fast-check';
import { convergenceSequence, convergenceState } from '../../src/ledger/convergence-state.js';
import { standingAfter, standingsByRound } from '../../src/ledger/point-standing.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { growingDebate } from '../protocol/growing-debate.js';
import { engagementOf, roundStalled, stalledRounds, wordJaccard } from '../../src/ledger/engagement-of.js';
import { bringsEvidence, falseConsensusFlags } from '../../src/ledger/false-consensus.js';
import { pointConfidence } from '../../src/ledger/point-confidence.js';
import { positionChanges } from '../../src/ledger/position-changes.js';
import { parseOk } from '../protocol/parse-ok.js';
import { fixtures, ourDebate } from './ledger-fixtures.js';

const ledgerOf = (text: string) => buildLedger(parseOk(text));
type Name = keyof typeof fixtures;

describe('positionChanges', () => {
  it.each([
    ['ours', ['R3 reviewer maintained→accepted r2 (Reviewer Follow-up 1)', 'R2 responder disagreed→agreed r2 (Response 2)']],
    ['seedPartial', ['R1 responder partially-agreed→agreed r2 (Response 2)', 'R2 responder partially-agreed→agreed r2 (Response 2)']],
    ['seedDisagree', []],
    ['looseHeadings', ['R1 reviewer maintained→withdrawn r2 (Follow-up 1)']],
  ] as const)('%s', (name: Name, expected) => {
    expect(positionChanges(ledgerOf(fixtures[name])).map((c) => `${c.id} ${c.side} ${c.from}→${c.to} r${c.round} (${c.section})`)).toEqual(expected);
  });
});

describe('convergence over every round at once', () => {
  it('reads each round as the round alone reads, for the fixtures and growing debates', () => {
    const check = (text: string) => {
      const parsed = parseDocument(text);
      if (!parsed.ok) return;
      const ledger = buildLedger(parsed.document);
      const rounds = ledger.ended ? ledger.rounds : ledger.responses;
      expect(convergenceSequence(ledger).map(({ state }) => state)).toEqual(Array.from({ length: rounds }, (_, index) => convergenceState(ledger, index + 1)));
      for (const point of ledger.points) {
        expect(standingsByRound(point, ledger.rounds)).toEqual(Array.from({ length: ledger.rounds }, (_, index) => standingAfter(point, index + 1)));
      }
    };
    Object.values(fixtures).forEach(check);
    fc.assert(
      fc.property(growingDebate, (texts) => texts.forEach(check)),
      { numRuns: 100 },
    );
  });
});

describe('convergenceSequence', () => {
  it.each([
    ['ours', ['CONVERGING', 'CONVERGING']],
    ['seedPartial', ['CONVERGING', 'CONSENSUS']],
    ['seedDisagree', ['DIVERGENT', 'DIVERGENT', 'DIVERGENT', 'DIVERGENT', 'DIVERGENT']],
    ['seedAgree', ['CONSENSUS']],
    ['looseMissingIds', ['NARROWING']],
    ['looseHeadings', ['CONVERGING', 'CONSENSUS']],
  ] as const)('%s', (name: Name, expected) => {
    expect(convergenceSequence(ledgerOf(fixtures[name])).map(({ state }) => state)).toEqual(expected);
  });

  it('is NARROWING when nothing is agreed yet but a side moved this round', () => {
    const text = ourDebate(
      ['Response 1', '### R1\n**Disagreed**\n\n### R2\n**Disagreed**\n\n### R3\n**Disagreed**'],
      ['Reviewer Follow-up 1', '### R1\n**Maintained**\n\n### R2\n**Maintained**\n\n### R3\n**Maintained**'],
      ['Response 2', '### R1\n**Disagreed**: still.\n\n### R2\n**Disagreed**\n\n### R3\n**Partially agreed**: the TODO, not its severity.'],
    );
    expect(convergenceSequence(ledgerOf(text))).toEqual([
      { round: 1, state: 'DIVERGENT' },
      { round: 2, state: 'NARROWING' },
    ]);
  });
});

describe('pointConfidence', () => {
  it.each([
    ['ours', ['HIGH', 'HIGH', 'HIGH', 'LOW']],
    ['looseMissingIds', ['MEDIUM', 'LOW', 'LOW']],
    ['looseHeadings', ['WITHDRAWN', 'HIGH']],
  ] as const)('%s', (name: Name, expected) => {
    expect(ledgerOf(fixtures[name]).points.map((point) => pointConfidence(point))).toEqual(expected);
  });

  it('lowers an agreed point to MEDIUM when its evidence failed or its agreement was flagged', () => {
    const failed = buildLedger(parseOk(fixtures.ours), [{ section: 'Review', path: 'src/a.ts', line: 3, endLine: 3, quote: null, alternatives: [], ok: false, problem: 'gone' }]);
    expect(pointConfidence(failed.points[0]!)).toBe('MEDIUM');
    expect(pointConfidence(ledgerOf(fixtures.ours).points[1]!, true)).toBe('MEDIUM');
  });
});

describe('falseConsensusFlags', () => {
  it('flags a flip from Disagreed to Agreed that brings no evidence', () => {
    expect(falseConsensusFlags(ledgerOf(fixtures.ours))).toEqual([
      { kind: 'false-consensus', id: 'R2', round: 2, message: 'R2 flipped from Disagreed to Agreed in Response 2 with no new evidence, commit or citation.' },
    ]);
  });

  it('does not flag a flip that cites a place, a commit or code', () => {
    for (const reason of ['see `test/b.test.ts:9`', 'fixed in 3f2a9c1', '\n\n```\nexpect(x)\n```']) {
      const text = ourDebate(
        ['Response 1', '### R1\n**Disagreed**\n\n### R2\n**Agreed**\n\n### R3\n**Agreed**'],
        ['Reviewer Follow-up 1', '### R1\n**Maintained**'],
        ['Response 2', `### R1\n**Agreed**: ${reason}`],
      );
      expect(falseConsensusFlags(ledgerOf(text))).toEqual([]);
    }
  });

  it('warns when every point was agreed in round 1', () => {
    expect(falseConsensusFlags(ledgerOf(fixtures.seedAgree))).toEqual([
      { kind: 'unanimous-round-1', id: null, round: 1, message: 'The responder agreed with all 2 points in round 1: verify the reasoning is its own.' },
    ]);
  });

  it.each([
    ['src/a.ts:3 is fine', true],
    ['commit deadbeef1 fixed it', true],
    ['it is fine, 1234567 users agree', false],
    ['because it was decided', false],
  ])('bringsEvidence(%j) is %s', (text, expected) => {
    expect(bringsEvidence(text)).toBe(expected);
  });
});

describe('engagementOf and roundStalled', () => {
  it('finds the seed peer restating itself and stalls from round 3', () => {
    const records = engagementOf(parseOk(fixtures.seedDisagree));
    const round = (n: number) => records.filter((record) => record.round === n).map((r) => `${r.side} ${r.id} ${r.engagement}`);
    expect(round(2)).toEqual(['reviewer R1 new', 'reviewer R2 new', 'responder R1 restated', 'responder R2 restated']);
    expect(round(3)).toEqual(['reviewer R1 restated', 'reviewer R2 restated', 'responder R1 restated', 'responder R2 restated']);
    expect([1, 2, 3, 4, 5].map((n) => roundStalled(records, n))).toEqual([false, false, true, true, true]);
    expect([...stalledRounds(records)]).toEqual([3, 4, 5]);
  });

  it('judges the side turns on points open when each round began, in the order of rounds, sides and points', () => {
    for (const text of Object.values(fixtures)) {
      const ledger = buildLedger(parseOk(text));
      const expected: string[] = [];
      for (let round = 2; round <= ledger.rounds; round++) {
        for (const side of ['reviewer', 'responder'] as const) {
          for (const point of ledger.points) {
            if (point.raisedIn >= round || statusBefore(point, round) !== 'open') continue;
            if (point.rounds.findLast((entry) => entry.round === round)?.[side === point.owner ? 'raiser' : 'answerer']) expected.push(`${round} ${side} ${point.id}`);
          }
        }
      }
      const key = (record: { round: number; side: string; id: string }) => `${record.round} ${record.side} ${record.id}`;
      expect(engagementOf(ledger).map(key)).toEqual(expected);
      const each = Array.from({ length: ledger.rounds }, (_, index) => engagementOf(ledger, index + 1)).flat();
      expect(engagementOf(ledger)).toEqual(each);
    }
  });

  it('counts a changed position as engagement, whatever the words', () => {
    expect(
      engagementOf(parseOk(fixtures.seedPartial))
        .filter((r) => r.side === 'responder')
        .map((r) => r.engagement),
    ).toEqual(['new', 'new']);
  });

  it('counts an open point the side did not mention as silent', () => {
    const text = ourDebate(
      ['Response 1', '### R1\n**Disagreed**: it is needed for debugging.\n\n### R2\n**Agreed**\n\n### R3\n**Agreed**'],
      ['Reviewer Follow-up 1', '### R1\n**Maintained**: debug output leaks to users.'],
      ['Response 2', '### R2\n**Agreed**'],
    );
    expect(engagementOf(parseOk(text)).map((r) => `${r.round} ${r.side} ${r.id} ${r.engagement}`)).toEqual(['2 reviewer R1 new', '2 responder R1 silent']);
  });

  it.each([
    ['1. **Disagreed** — my reasoning is here.', '1. **Disagreed** — my reasoning is here.', 1],
    ['R1: the lock is held', '### R1\nThe lock is held!', 1],
    ['a b c d e f g h i j', 'a b c d e f g h i', 0.9],
    ['a b', 'c d', 0],
  ])('wordJaccard(%j, %j) = %s', (a, b, expected) => {
    expect(wordJaccard(a, b)).toBe(expected);
  });
});
