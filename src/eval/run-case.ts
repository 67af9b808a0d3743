import { endsDebate } from '../protocol/turn-table.js';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { debateUsage } from '../ledger/debate-usage.js';
import { buildLedger } from '../ledger/build-ledger.js';
import { readOutcome } from '../ledger/read-outcome.js';
import { makeChangeRepo } from '../git/make-change-repo.js';
import type { Severity } from '../protocol/document.js';
import { parseDocument } from '../protocol/parse-document.js';
import type { CaseResult } from './case-result.js';
import type { EvalCase } from './eval-case.js';
import { readEvalPoints } from './eval-point.js';
import { scoreCase } from './score-case.js';

/** How the debate of a case ended: the duo's exit code and the last lines its sides printed. */
export interface DebateRun {
  code: number;
  output: string[];
}

/**
 * Runs one real debate (both sides as processes, as `duo` does) in the repository `cwd`, on
 * `subject`; stops it when `signal` aborts. The command line passes it in: it owns the processes.
 */
export type RunDebate = (options: { cwd: string; subject: string; signal: AbortSignal }) => Promise<DebateRun>;

export interface CaseOptions {
  /** Where the case's repository is made, in a folder named after the case. */
  workDir: string;
  runDebate: RunDebate;
  signal: AbortSignal;
  /** Keep the repository (and the debate in its reply.md) for a person to read. */
  keep: boolean;
  blockOn: Severity;
}

/** What each case's debate reviews: the case's change, committed on a branch over `main`. */
export const caseSubject = 'the diff against main';

/** Makes the case's repository, debates its change, and scores the points against what the case expects. */
export async function runCase(evalCase: EvalCase, options: CaseOptions): Promise<CaseResult> {
  const identity = { id: evalCase.id, title: evalCase.title, language: evalCase.language, clean: evalCase.expected.length === 0, expected: evalCase.expected };
  if (options.signal.aborted) return { ...identity, status: 'not-run' };
  const repo = path.join(options.workDir, evalCase.id);
  try {
    await makeChangeRepo(repo, { before: evalCase.before, after: evalCase.after, message: evalCase.title });
    const started = Date.now();
    const debate = await options.runDebate({ cwd: repo, subject: caseSubject, signal: options.signal });
    const ms = Date.now() - started;
    const text = await readFile(path.join(repo, 'reply.md'), 'utf8').catch(() => '');
    const parsed = parseDocument(text);
    const kept = options.keep ? repo : null;
    const ended = parsed.ok && endsDebate(parsed.document.sections.at(-1)) ? parsed.document : null;
    const ledger = ended === null ? null : buildLedger(ended);
    // A debate Ctrl-C cut short may still be closed with a CONSENSUS that says so: it is not scored.
    if (options.signal.aborted && (ledger === null || readOutcome(ledger) === 'stopped')) return { ...identity, status: 'stopped' };
    if (ended !== null && ledger !== null) {
      const points = readEvalPoints(ended, options.blockOn);
      return {
        ...identity,
        status: 'scored',
        outcome: readOutcome(ledger),
        rounds: ledger.rounds,
        usage: debateUsage(ended).total,
        ms,
        points,
        score: scoreCase(points, evalCase.expected),
        repo: kept,
      };
    }
    const reason = parsed.ok ? `the debate ended without a CONSENSUS (exit ${debate.code})` : `the debate file breaks the protocol: ${parsed.error.message}`;
    return { ...identity, status: 'failed', code: debate.code, reason, output: debate.output, ms, repo: kept };
  } finally {
    if (!options.keep) await rm(repo, { recursive: true, force: true });
  }
}
