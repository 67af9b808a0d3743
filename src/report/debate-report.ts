import type { CitationCheck } from '../git/check-citations.js';
import { buildLedger } from '../ledger/build-ledger.js';
import { debateUsage, type DebateUsage } from '../ledger/debate-usage.js';
import { distrustUnrecorded } from '../ledger/distrust-reproductions.js';
import { ledgerReport, type LedgerReport } from '../ledger/ledger-report.js';
import type { DebateDocument } from '../protocol/document.js';

/**
 * What every format of `show` renders (text, JSON, Markdown, SARIF, GitHub, HTML): the ledger
 * report of `show --json`, the debate's spend, and where it came from. One object, so the formats
 * never disagree.
 */
export interface DebateReport extends LedgerReport {
  usage: DebateUsage;
  /** The debate file, relative to the repository root. */
  file: string;
  /**
   * The subject's commits as the debate file's header records them (`snapshot`: the commit holding
   * a subject read from the index or the work tree, as reviewed); null for a file without one (a plain peer's).
   */
  subject: { base: string | null; head: string | null; diff: string | null; snapshot: string | null } | null;
}

/**
 * `recorded`: the results a side on this machine recorded running (readReproductionRecords); any
 * other result in the file counts as not run (distrustUnrecorded).
 */
export function buildDebateReport(document: DebateDocument, options: { file: string; checks?: readonly CitationCheck[]; recorded: ReadonlySet<string> }): DebateReport {
  const checks = options.checks ?? [];
  const meta = document.meta;
  return {
    ...distrustUnrecorded(ledgerReport(buildLedger(document, checks), checks), options.recorded),
    usage: debateUsage(document),
    file: options.file,
    subject: meta === null ? null : { base: meta.base, head: meta.head, diff: meta.diff, snapshot: meta.snapshot },
  };
}
