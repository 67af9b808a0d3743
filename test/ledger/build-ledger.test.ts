import { describe, expect, it } from 'vitest';
import type { CitationCheck } from '../../src/git/check-citations.js';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import type { Ledger } from '../../src/ledger/ledger.js';
import { parseOk } from '../protocol/parse-ok.js';
import { seedResponse, seedReview } from '../protocol/seed-peer-text.js';
import { fixtures, ourDebate } from './ledger-fixtures.js';

/** Each point on one line: `id severity status | round reviewer/responder/status | ...`. */
function lines(ledger: Ledger): string[] {
  return ledger.points.map((point) =>
    [
      `${point.id} ${point.severity ?? '-'} ${point.status}`,
      ...point.rounds.map((entry) => `${entry.round} ${entry.raiser?.position ?? '-'}/${entry.answerer?.position ?? '-'}/${entry.status}`),
    ].join(' | '),
  );
}

const ledgerOf = (text: string) => buildLedger(parseOk(text));

describe('buildLedger: every point round by round', () => {
  it.each([
    [
      'ours',
      [
        'R1 medium resolved | 1 raised/agreed/resolved',
        'R2 high resolved | 1 raised/disagreed/open | 2 maintained/agreed/resolved',
        'R3 nit resolved | 1 raised/partially-agreed/open | 2 accepted/-/resolved',
        'R4 high open | 2 raised/disagreed/open',
      ],
    ],
    [
      'seedPartial',
      ['R1 - resolved | 1 raised/partially-agreed/open | 2 uncategorized/agreed/resolved', 'R2 - resolved | 1 raised/partially-agreed/open | 2 uncategorized/agreed/resolved'],
    ],
    ['seedAgree', ['R1 - resolved | 1 raised/agreed/resolved', 'R2 - resolved | 1 raised/agreed/resolved']],
    // Loose styles read only where they cannot be misread: `agree`, `Disagree:` and a severity after a comma are no labels.
    ['looseListIds', ['R1 high open | 1 raised/uncategorized/open', 'R2 nit open | 1 raised/uncategorized/open']],
    ['looseMissingIds', ['R1 high open | 1 raised/partially-agreed/open', 'R2 - open | 1 raised/uncategorized/open', 'R3 - open | 1 raised/unanswered/open']],
    ['looseHeadings', ['R1 critical withdrawn | 1 raised/disagreed/open | 2 withdrawn/-/withdrawn', 'R2 - resolved | 1 raised/agreed/resolved']],
  ] as const)('%s', (name, expected) => {
    expect(lines(ledgerOf(fixtures[name]))).toEqual(expected);
  });

  it('reads five rounds of a disagreeing seed peer, its prose follow-ups (`I maintain both points`) as no position', () => {
    const rounds = [1, 2, 3, 4, 5].map((round) => `${round} ${round === 1 ? 'raised' : 'uncategorized'}/disagreed/open`).join(' | ');
    expect(lines(ledgerOf(fixtures.seedDisagree))).toEqual([`R1 - open | ${rounds}`, `R2 - open | ${rounds}`]);
  });

  it('reports a point the seed peer forgot as unanswered, not guessed', () => {
    expect(lines(ledgerOf(seedReview() + seedResponse(1, 'agree', ['1'])))).toEqual(['R1 - resolved | 1 raised/agreed/resolved', 'R2 - open | 1 raised/unanswered/open']);
  });

  it('keeps the round open while a follow-up waits for its response (a running debate)', () => {
    const text = ourDebate(
      ['Response 1', '### R1\n**Agreed**\n\n### R2\n**Disagreed**\n\n### R3\n**Disagreed**'],
      ['Reviewer Follow-up 1', '### R2\n**Maintained**\n\n### R3 — Partially accepted\n\n**Severity:** nit\n\nA TODO is a nit.'],
    );
    const ledger = ledgerOf(text);
    expect(ledger).toMatchObject({ rounds: 2, ended: false, consensus: null });
    expect(lines(ledger)).toEqual([
      'R1 medium resolved | 1 raised/agreed/resolved',
      'R2 high open | 1 raised/disagreed/open | 2 maintained/-/open',
      'R3 nit resolved | 1 raised/disagreed/open | 2 conceded-part/-/resolved',
    ]);
    expect(ledger.points[2]?.severityChanges).toEqual([{ round: 2, section: 'Reviewer Follow-up 1', from: 'low', to: 'nit' }]);
  });

  it('marks an open point the follow-up skips as unanswered by the reviewer', () => {
    const text = ourDebate(['Response 1', '### R1\n**Disagreed**\n\n### R2\n**Disagreed**\n\n### R3\n**Agreed**'], ['Reviewer Follow-up 1', '### R1\n**Maintained**']);
    expect(lines(ledgerOf(text)).slice(0, 2)).toEqual([
      'R1 medium open | 1 raised/disagreed/open | 2 maintained/-/open',
      'R2 high open | 1 raised/disagreed/open | 2 unanswered/-/open',
    ]);
  });
});

describe('buildLedger: details', () => {
  it('records severity changes, the withdrawn reason, and who raised each point', () => {
    const ours = ledgerOf(fixtures.ours);
    expect(ours.points.map((point) => [point.id, point.raisedIn, point.raisedBy])).toEqual([
      ['R1', 1, 'Review'],
      ['R2', 1, 'Review'],
      ['R3', 1, 'Review'],
      ['R4', 2, 'Reviewer Follow-up 1'],
    ]);
    expect(ours.points[2]?.severityChanges).toEqual([{ round: 2, section: 'Reviewer Follow-up 1', from: 'low', to: 'nit' }]);
    const withdrawn = ourDebate(
      ['Response 1', '### R1 — Disagreed\n\nThe log is gated.'],
      ['Reviewer Follow-up 1', '### R1 — Withdrawn\n\nThe lock is held at `src/cache.ts:38`.'],
    );
    expect(ledgerOf(withdrawn).points[0]?.withdrawnReason).toBe('The lock is held at `src/cache.ts:38`.');
  });

  it('marks evidence ok, failed or unchecked from the citation checks of the section that raised it', () => {
    const check = (section: string, path: string, line: number, ok: boolean): CitationCheck => ({
      section,
      path,
      line,
      endLine: line,
      quote: null,
      alternatives: [],
      ok,
      problem: ok ? null : `${path} has 2 lines, not ${line}`,
    });
    const checks = [
      check('Review', 'src/a.ts', 3, true),
      check('Review', 'src/b.ts', 10, false),
      check('Response 1', 'src/c.ts', 1, true),
      check('Reviewer Follow-up 1', 'src/io.ts', 88, true),
    ];
    expect(buildLedger(parseOk(fixtures.ours), checks).points.map((point) => point.evidence)).toEqual([
      [{ path: 'src/a.ts', line: 3, endLine: 3, check: 'ok', problem: null }],
      [{ path: 'src/b.ts', line: 10, endLine: 10, check: 'failed', problem: 'src/b.ts has 2 lines, not 10' }],
      [{ path: 'src/c.ts', line: 1, endLine: 1, check: 'unchecked', problem: null }],
      [{ path: 'src/io.ts', line: 88, endLine: 88, check: 'ok', problem: null }],
    ]);
  });

  it('has no rounds and no points before the Review', () => {
    expect(ledgerOf('')).toEqual({ title: null, rounds: 0, responses: 0, ended: false, consensus: null, points: [] });
  });
});
