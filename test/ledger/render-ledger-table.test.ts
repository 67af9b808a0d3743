import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { ledgerReport } from '../../src/ledger/ledger-report.js';
import { renderLedgerTable } from '../../src/ledger/render-ledger-table.js';
import { parseOk } from '../protocol/parse-ok.js';
import { ourDebate, ourReview } from './ledger-fixtures.js';

const firstLine = (text: string) => renderLedgerTable(ledgerReport(buildLedger(parseOk(text)))).split('\n')[0];

describe('renderLedgerTable', () => {
  it('heads a debate with its stage: no Review yet, a Review awaiting its Response, then the convergence state', () => {
    expect(firstLine('# Code Debate: the diff against main\n')).toBe('Code Debate: the diff against main: running, 0 rounds, no review yet');
    expect(firstLine(ourReview)).toBe('Code Debate: the diff against main: running, 1 round, the Review awaits its Response');
    expect(firstLine(ourDebate(['Response 1', '### R1\n**Agreed**: it is left in.']))).toMatch(
      /^Code Debate: the diff against main: running, 1 round, (DIVERGENT|NARROWING|CONVERGING)$/,
    );
  });
});
