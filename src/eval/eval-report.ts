import type { Severity } from '../protocol/document.js';
import type { CaseResult } from './case-result.js';
import type { DatasetFormat } from './eval-case.js';
import { sumTotals, type EvalTotals } from './sum-totals.js';

/** What the eval ran with: the debate settings that shape the figures. */
export interface EvalSetup {
  agents: { reviewer: string; responder: string };
  maxRounds: number;
  stance: string;
  blockOn: Severity;
  jobs: number;
}

/**
 * The report of one eval, the one object the table, `--json` and the HTML page render, so they
 * never disagree. Versioned like `show --json`: fields are only added within a version.
 */
export interface EvalReport {
  version: 1;
  dataset: { name: string; format: DatasetFormat; dir: string; cases: number };
  setup: EvalSetup;
  startedAt: string;
  /** Wall time of the whole run. */
  ms: number;
  /** Ctrl-C stopped it: the cases not finished are `stopped` or `not-run`, the totals are over the rest. */
  interrupted: boolean;
  totals: EvalTotals;
  cases: CaseResult[];
}

export function buildEvalReport(options: Omit<EvalReport, 'version' | 'totals'>): EvalReport {
  return { version: 1, ...options, totals: sumTotals(options.cases) };
}
