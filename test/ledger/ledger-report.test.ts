import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { ledgerReport } from '../../src/ledger/ledger-report.js';
import { readOutcome } from '../../src/ledger/read-outcome.js';
import { parseOk } from '../protocol/parse-ok.js';
import { fixtures } from './ledger-fixtures.js';

const reportOf = (text: string) => ledgerReport(buildLedger(parseOk(text)));

describe('ledgerReport', () => {
  it('gives the whole report of a finished plain-peer debate, JSON round trip intact', () => {
    const report = reportOf(fixtures.looseHeadings);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
    expect(report).toEqual({
      version: 1,
      title: 'Code Debate: x',
      outcome: 'consensus',
      rounds: 2,
      state: 'CONSENSUS',
      convergence: [
        { round: 1, state: 'CONVERGING' },
        { round: 2, state: 'CONSENSUS' },
      ],
      stalledRounds: [],
      // high/medium/low are the confidence counts (version 1's names); severity counts each point's last severity, null none.
      counts: {
        open: 0,
        resolved: 1,
        withdrawn: 1,
        high: 0,
        medium: 1,
        low: 0,
        confidence: { high: 0, medium: 1, low: 0 },
        severity: { critical: 1, high: 0, medium: 0, low: 0, nit: 0 },
      },
      points: [
        {
          id: 'R1',
          owner: 'reviewer',
          title: 'Race in cache',
          severity: 'critical',
          severityChanges: [],
          raisedIn: 1,
          raisedBy: 'Opening',
          status: 'withdrawn',
          confidence: 'WITHDRAWN',
          withdrawnReason: 'the lock is held at src/cache.ts:38.',
          evidence: [{ path: 'src/cache.ts', line: 40, endLine: 40, check: 'unchecked', problem: null }],
          reviewer: 'withdrawn',
          responder: 'disagreed',
          answer: 'disagreed',
          rounds: [
            { round: 1, reviewer: 'raised', responder: 'disagreed', status: 'open' },
            { round: 2, reviewer: 'withdrawn', responder: null, status: 'withdrawn' },
          ],
          agreement: null,
          reproduction: null,
        },
        {
          id: 'R2',
          owner: 'reviewer',
          title: 'Log noise',
          severity: null,
          severityChanges: [],
          raisedIn: 1,
          raisedBy: 'Opening',
          status: 'resolved',
          // "Agreed." and nothing else: accepted, not confirmed.
          confidence: 'MEDIUM',
          withdrawnReason: null,
          evidence: [],
          reviewer: 'raised',
          responder: 'agreed',
          answer: 'agreed',
          rounds: [{ round: 1, reviewer: 'raised', responder: 'agreed', status: 'resolved' }],
          agreement: 'accepted',
          reproduction: null,
        },
      ],
      positionChanges: [{ id: 'R1', side: 'reviewer', round: 2, section: 'Follow-up 1', from: 'maintained', to: 'withdrawn' }],
      failedCitations: [],
      flags: [],
      engagement: [{ round: 2, side: 'reviewer', id: 'R1', engagement: 'new', similarity: 0.214 }],
    });
  });

  it('lowers a flagged flip to MEDIUM and lists failed citations and every flag in round order', () => {
    const checks = [{ section: 'Response 2', path: 'src/io.ts', line: 95, endLine: 95, quote: null, alternatives: [], ok: false, problem: 'src/io.ts has 90 lines, not 95' }];
    const report = ledgerReport(buildLedger(parseOk(fixtures.ours)), checks);
    expect(report.points.map((point) => point.confidence)).toEqual(['HIGH', 'MEDIUM', 'MEDIUM', 'LOW']);
    // R1's answer cites a place of its own; R3's partial agreement cites none: accepted, not confirmed.
    expect(report.points.map((point) => point.agreement)).toEqual(['confirmed', 'accepted', 'accepted', null]);
    expect(report.failedCitations).toEqual([{ section: 'Response 2', path: 'src/io.ts', line: 95, endLine: 95, problem: 'src/io.ts has 90 lines, not 95' }]);
    expect(report.flags.map((flag) => `${flag.kind} ${flag.id ?? '-'} r${flag.round}`)).toEqual(['false-consensus R2 r2']);
    expect(reportOf(fixtures.looseMissingIds).flags.map((flag) => flag.message)).toEqual([
      'Response 1 gives no position code-debate can read for R2.',
      'Response 1 does not answer R3.',
    ]);
    expect(reportOf(fixtures.seedDisagree).flags.map((flag) => `${flag.kind} r${flag.round}`)).toEqual(['stalled r3', 'stalled r4', 'stalled r5']);
  });

  it.each([
    ['ours', 'running'],
    ['seedAgree', 'consensus'],
    ['seedDisagree', 'disputed'],
    ['looseHeadings', 'consensus'],
  ] as const)('reads the outcome of %s as %s', (name, outcome) => {
    expect(readOutcome(buildLedger(parseOk(fixtures[name])))).toBe(outcome);
  });

  it('takes the outcome line a CONSENSUS states, and reads a timeout', () => {
    const base = fixtures.looseListIds;
    expect(readOutcome(buildLedger(parseOk(`${base}\n## CONSENSUS\n\nOutcome: limit reached (5 rounds).\n`)))).toBe('limit-reached');
    expect(readOutcome(buildLedger(parseOk(`${base}\n## CONSENSUS\n\nTimed out waiting for the reviewer.\n`)))).toBe('peer-timeout');
  });
});
