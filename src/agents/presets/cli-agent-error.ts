import { AgentError } from '../../errors.js';
import type { TurnRequest } from '../agent.js';
import { classifyAgentFailure, stripAnsi } from './classify-agent-failure.js';
import { failurePrefix, stderrTail, type ProcessOutcome } from '../run-agent-process.js';

export interface CliFailure {
  /** What happened, e.g. `it exited with code 1` or `Claude Code reported an error (exit code 0)`. */
  happened: string;
  /** The error in the CLI's own words (its JSON result's text), or null to quote the telling line. */
  reported: string | null;
  /** What to classify: the reported error and the output that may explain it. */
  text: string;
  outcome: ProcessOutcome;
  /** The end of its output as the message quotes it, when not the end of the outcome's stderr. */
  tail?: string;
}

/**
 * The AgentError for a failed run of an agent CLI: what happened, what it said, the diagnosis and
 * what to do (from classifyAgentFailure), then the end of its stderr.
 */
export function cliAgentError(agentName: string, request: Pick<TurnRequest, 'turn' | 'round'>, failure: CliFailure): AgentError {
  const { kind, advice, evidence } = classifyAgentFailure(agentName, failure.text, failure.outcome.exitCode);
  const said = failure.reported ?? evidence;
  const quoted = said === null || said.trim() === '' ? '' : `: ${oneLine(said)}`;
  return new AgentError(`${failurePrefix(agentName, request)}: ${failure.happened}${quoted}. ${advice}${failure.tail ?? stderrTail(stripAnsi(failure.outcome.stderr))}`, kind, {
    cause: failure.outcome,
  });
}

/** `text` on one line, at most 300 characters, without a final full stop (the message adds one). */
function oneLine(text: string): string {
  const flat = stripAnsi(text).replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  return flat.length <= 300 ? flat : `${flat.slice(0, 297)}...`;
}
