import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Severity } from '../protocol/document.js';
import type { CaseResult } from './case-result.js';
import type { Dataset } from './eval-case.js';
import { runCase, type RunDebate } from './run-case.js';

/** The exit code of a case that could not be run at all (git could not make its repository): code-debate's internal error's. */
const caseErrorCode = 70;

export interface EvalOptions {
  /** How many cases debate at once. */
  jobs: number;
  runDebate: RunDebate;
  /** Ctrl-C: every debate under way is stopped, no other starts, and the results so far stand. */
  signal: AbortSignal;
  keep: boolean;
  blockOn: Severity;
  /** Called as each case ends, in the order they end, with how many have ended. */
  onCase: (result: CaseResult, done: number, total: number) => void;
}

export interface EvalRun {
  /** One per case, in the dataset's order. */
  results: CaseResult[];
  /** The folder the case repositories were made in: kept with `keep`, else already removed. */
  workDir: string;
  ms: number;
}

/** Debates every case of `dataset`, `jobs` at a time, each in a throw-away repository of its own. */
export async function runEval(dataset: Dataset, options: EvalOptions): Promise<EvalRun> {
  const started = Date.now();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-eval-'));
  const total = dataset.cases.length;
  const results: Array<CaseResult | undefined> = new Array(total).fill(undefined);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < total && !options.signal.aborted) {
      const index = next++;
      const evalCase = dataset.cases[index];
      if (evalCase === undefined) continue;
      const result = await runCase(evalCase, { workDir, runDebate: options.runDebate, signal: options.signal, keep: options.keep, blockOn: options.blockOn }).catch(
        (error: unknown): CaseResult => ({
          id: evalCase.id,
          title: evalCase.title,
          language: evalCase.language,
          clean: evalCase.expected.length === 0,
          expected: evalCase.expected,
          status: 'failed',
          code: caseErrorCode,
          // git could not make the repository, say: the other cases may still run.
          reason: `the case could not be run: ${(error as Error).message}`,
          output: [],
          ms: 0,
          repo: null,
        }),
      );
      results[index] = result;
      if (result.status !== 'not-run') options.onCase(result, ++done, total);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, total)) }, worker));
  } finally {
    if (!options.keep) await rm(workDir, { recursive: true, force: true });
  }
  const filled = dataset.cases.map(
    (evalCase, index): CaseResult =>
      results[index] ?? {
        id: evalCase.id,
        title: evalCase.title,
        language: evalCase.language,
        clean: evalCase.expected.length === 0,
        expected: evalCase.expected,
        status: 'not-run',
      },
  );
  return { results: filled, workDir, ms: Date.now() - started };
}
