import { AgentError, type AgentFailureKind } from '../../errors.js';
import { describeDuration } from '../../format-duration.js';
import type { TurnRequest } from '../agent.js';
import { classifyAgentFailure, stripAnsi } from './classify-agent-failure.js';
import { failurePrefix, runAgentProcess, stderrTail, type AgentProcess, type ProcessOutcome } from '../run-agent-process.js';

/** How an agent CLI's output is read when it fails. */
export interface CliOutput {
  /** What a failure is classified from. */
  errorText(output: Pick<ProcessOutcome, 'stdout' | 'stderr'>): string;
  /** The end of its output as error messages quote it (ANSI codes removed); the end of stderr when absent. */
  tail?(output: Pick<ProcessOutcome, 'stdout' | 'stderr'>): string;
}

/** Kinds a timeout takes from what the CLI said before it: they need the user, not more time. */
const explainedTimeoutKinds: ReadonlySet<AgentFailureKind> = new Set(['auth', 'rate-limited', 'model-not-found']);

/**
 * Runs an agent CLI like runAgentProcess, with better failures: a missing CLI says how to install
 * it, and a deadline hit while the CLI was retrying (gemini retries a 429 for minutes, codex waits
 * for the network) says why, from what it printed before it was stopped.
 */
export async function runCliAgent(agentName: string, run: AgentProcess, request: TurnRequest, output: CliOutput): Promise<ProcessOutcome> {
  try {
    return await runAgentProcess(agentName, run, request);
  } catch (error) {
    if (!(error instanceof AgentError)) throw error;
    const what = failurePrefix(agentName, request);
    if (error.kind === 'not-installed') {
      const { advice } = classifyAgentFailure(agentName, '', 127);
      throw new AgentError(`${what}: \`${run.program}\` is not installed or not on PATH. ${advice}`, 'not-installed', { cause: error });
    }
    if (error.kind !== 'timed-out') throw error;
    const printed = { stdout: outputOf(error.cause, 'stdout'), stderr: outputOf(error.cause, 'stderr') };
    const tail = output.tail?.(printed) ?? stderrTail(stripAnsi(printed.stderr));
    const stopped = `${what}: it did not finish within ${describeDuration(request.limitMs ?? request.timeoutMs)} (--agent-timeout), so it was stopped`;
    const { kind, advice, evidence } = classifyAgentFailure(agentName, output.errorText(printed), undefined);
    if (evidence === null) throw new AgentError(`${stopped}.${tail}`, 'timed-out', { cause: error });
    throw new AgentError(`${stopped}; before that it said: ${evidence}. ${advice}${tail}`, explainedTimeoutKinds.has(kind) ? kind : 'timed-out', { cause: error });
  }
}

function outputOf(result: unknown, stream: 'stdout' | 'stderr'): string {
  const value = typeof result === 'object' && result !== null ? (result as Record<string, unknown>)[stream] : undefined;
  return typeof value === 'string' ? value : '';
}
