import type { Outcome } from '../ledger/read-outcome.js';
import type { TurnUsage } from '../protocol/usage.js';
import type { ExpectedFinding } from './eval-case.js';
import type { EvalPoint } from './eval-point.js';
import type { CaseScore } from './score-case.js';

interface CaseIdentity {
  id: string;
  title: string;
  language: string | null;
  /** A clean change: every point raised on it is false. */
  clean: boolean;
  expected: ExpectedFinding[];
}

/** A debate that ended with a CONSENSUS, scored. */
export interface ScoredCase extends CaseIdentity {
  status: 'scored';
  outcome: Outcome;
  rounds: number;
  /** What the agents reported spending, both sides (a count nobody reported is null). */
  usage: TurnUsage;
  ms: number;
  points: EvalPoint[];
  score: CaseScore;
  /** The case's repository, kept with `--keep` (the debate in its reply.md); null when removed. */
  repo: string | null;
}

/** A debate that ended without a CONSENSUS: an agent failed, a side refused to start. */
export interface FailedCase extends CaseIdentity {
  status: 'failed';
  /** The exit code of the debate (the failing side's). */
  code: number;
  reason: string;
  /** The last lines the two sides printed. */
  output: string[];
  ms: number;
  repo: string | null;
}

/** Ctrl-C stopped it mid-debate, or before it started. */
export interface StoppedCase extends CaseIdentity {
  status: 'stopped' | 'not-run';
}

export type CaseResult = ScoredCase | FailedCase | StoppedCase;
