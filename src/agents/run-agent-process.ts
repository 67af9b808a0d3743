import { execa } from 'execa';
import { describeDuration } from '../format-duration.js';
import { AgentError } from '../errors.js';
import { absolutePath } from '../safe-path.js';
import type { TurnRequest } from './agent.js';
import { killProcessGroup, signalGroup, trackProcessGroup } from './kill-process-group.js';
import { maxTimerMs } from '../max-timer.js';

const stderrTailLines = 12;
/** Past this much output the agent is stopped: no answer is that long, and it is all held in memory. */
const maxOutputBytes = 128 * 1024 * 1024;
/** How long the output of an agent that exited may still take to arrive through the pipe. */
const exitGraceMs = 1_000;

export interface AgentProcess {
  program: string;
  args: readonly string[];
  /** Written to stdin once the request is ready, which is then closed (some CLIs wait for the end of stdin). */
  input: string;
  /** Added to the environment; a value of `undefined` removes the variable. */
  env?: Record<string, string | undefined>;
  /** Told each line of stdout as it arrives (a CLI's stream of events, for progress); stdout is still returned whole. */
  onLine?: ((line: string) => void) | undefined;
}

export interface ProcessOutcome {
  stdout: string;
  stderr: string;
  /** undefined when the process was killed by a signal. */
  exitCode: number | undefined;
}

/**
 * Runs an agent's program for one turn, without a shell, as the leader of its own process group:
 * at the turn's deadline or on interrupt the whole group is stopped (SIGTERM, then SIGKILL), and
 * the turn fails only once the group is gone. What the exit code means is the caller's to judge.
 */
export async function runAgentProcess(agentName: string, run: AgentProcess, request: TurnRequest): Promise<ProcessOutcome> {
  // Past 2^31-1 ms a timer fires at once (TimeoutOverflowWarning): `--agent-timeout 1000h` must not.
  const deadline = AbortSignal.timeout(Math.min(request.timeoutMs, maxTimerMs));
  const stop = AbortSignal.any([request.signal, deadline]);
  const { onLine } = run;
  const subprocess = execa(run.program, run.args, {
    cwd: request.cwd,
    stdin: 'pipe',
    // execa's line transform: each line is passed on unchanged, so the output read at the end is the same.
    stdout: onLine === undefined ? 'pipe' : [readLines(onLine), 'pipe'],
    env: { ...turnEnvironment(request), ...run.env, PATH: absolutePath(run.env?.PATH ?? process.env.PATH) },
    detached: true,
    reject: false,
    stripFinalNewline: true,
    maxBuffer: maxOutputBytes,
  });
  // The prompt goes in once the agent may act (TurnRequest.ready), asked only once the process has
  // started, so that what it waits for does not hold up the start; an agent that exited first never reads it.
  subprocess.stdin?.on('error', () => undefined);
  subprocess.once('spawn', () => {
    void Promise.resolve()
      .then(() => request.ready?.())
      .catch(() => undefined)
      .then(() => subprocess.stdin?.end(run.input));
  });
  const untrack = subprocess.pid === undefined ? () => false : trackProcessGroup(subprocess.pid);
  if (subprocess.pid !== undefined) request.onProcess?.(subprocess.pid);
  let stopped: Promise<void> = Promise.resolve();
  const onStop = () => {
    if (subprocess.pid !== undefined) stopped = killProcessGroup(subprocess.pid, 2_000);
  };
  stop.addEventListener('abort', onStop, { once: true });
  // 'abort' never fires for a signal that is already aborted.
  if (stop.aborted) onStop();
  // Once the agent itself exited its output is complete: a child it left holding stdout would
  // keep the turn waiting until --agent-timeout, and the answer would be thrown away. After a
  // short grace for what is still in the pipe, its group is stopped, which closes the pipe.
  let afterExit: NodeJS.Timeout | undefined;
  subprocess.once('exit', () => {
    afterExit = setTimeout(onStop, exitGraceMs);
  });
  const result = await subprocess.finally(() => {
    stop.removeEventListener('abort', onStop);
    clearTimeout(afterExit);
  });
  // The agent may exit on SIGTERM before a child that ignores it: finish the kill before the
  // turn fails, or the CLI exits first and the child outlives it. And after every turn, not only
  // a stopped one, whatever the agent started is stopped: no agent child outlives its turn.
  await stopped;
  if (subprocess.pid !== undefined && signalGroup(subprocess.pid, 0)) await killProcessGroup(subprocess.pid, 2_000);
  untrack();
  const outcome: ProcessOutcome = { stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? ''), exitCode: result.exitCode };
  const what = failurePrefix(agentName, request);
  if (request.signal.aborted) throw new AgentError(`${what}: the turn was interrupted.`, 'interrupted', { cause: result });
  if (deadline.aborted) {
    throw new AgentError(
      `${what}: it did not finish within ${describeDuration(request.limitMs ?? request.timeoutMs)} (--agent-timeout), so it was stopped.${stderrTail(outcome.stderr)}`,
      'timed-out',
      { cause: result },
    );
  }
  if ((result.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new AgentError(`${what}: \`${run.program}\` is not installed or not on PATH. Install it, or choose another --agent.`, 'not-installed', { cause: result });
  }
  if (result.isMaxBuffer) {
    throw new AgentError(`${what}: it printed more than ${maxOutputBytes / 1024 / 1024} MiB, so it was stopped; no answer is that long. Check what the agent prints.`, 'too-long', {
      cause: result,
    });
  }
  if (result.failed && result.exitCode === undefined) {
    throw new AgentError(`${what}: it could not run (${result.shortMessage}).${stderrTail(outcome.stderr)}`, 'crashed', { cause: result });
  }
  return outcome;
}

/** A transform that tells `onLine` each line and passes it on; a listener that throws does not fail the agent. */
function readLines(onLine: (line: string) => void): (line: unknown) => Generator<unknown> {
  return function* (line: unknown) {
    try {
      onLine(String(line));
    } catch {
      // Progress is a courtesy: the answer is what counts.
    }
    yield line;
  };
}

/** `Agent \`x\` failed to write response 2`: how every agent failure message starts. */
export function failurePrefix(agentName: string, request: Pick<TurnRequest, 'turn' | 'round'>): string {
  return `Agent \`${agentName}\` failed to write ${request.turn} ${request.round}`;
}

function turnEnvironment(request: TurnRequest): Record<string, string> {
  return {
    CODE_DEBATE_ROLE: request.role,
    CODE_DEBATE_TURN: request.turn,
    CODE_DEBATE_ROUND: String(request.round),
    CODE_DEBATE_FILE: request.file,
    CODE_DEBATE_SUBJECT: request.subject.text,
    ...(request.claim === undefined ? {} : { CODE_DEBATE_CLAIM: request.claim }),
  };
}

/** The last lines of stderr, quoted, for every error message; says so when there were none. */
export function stderrTail(stderr: string): string {
  return outputTail(stderr, { heading: 'The end of its stderr', none: 'It printed nothing on stderr.' });
}

/** The last lines of what an agent printed, quoted under `heading`; `none` when it printed nothing. */
export function outputTail(text: string, says: { heading: string; none: string }): string {
  const lines = text
    .trimEnd()
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return ` ${says.none}`;
  return `\n${says.heading}:\n${lines
    .slice(-stderrTailLines)
    .map((line) => `  | ${line}`)
    .join('\n')}`;
}
