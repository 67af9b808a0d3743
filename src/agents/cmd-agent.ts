import { execa } from 'execa';
import { AgentError } from '../errors.js';
import type { Agent, TurnRequest } from './agent.js';
import { killProcessGroup } from './kill-process-group.js';
import { splitCommand } from './split-command.js';

const stderrTailLines = 12;

/**
 * `--agent 'cmd:<program> <args...>'`: any program that reads the prompt on stdin and prints the
 * section body on stdout. It runs without a shell, in its own process group, so a deadline or an
 * interrupt stops it and everything it started.
 */
export function createCmdAgent(spec: string): Agent {
  const [program, ...args] = splitCommand(spec);
  if (program === undefined) throw new AgentError('Cannot run the agent `cmd:`: expected a program after `cmd:`, e.g. `cmd:./my-agent --fast`.');
  const name = `cmd:${spec.trim()}`;
  return {
    name,
    async writeTurn(request) {
      // Past 2^31-1 ms a timer fires at once (TimeoutOverflowWarning): `--agent-timeout 1000h` must not.
      const deadline = AbortSignal.timeout(Math.min(request.timeoutMs, 2 ** 31 - 1));
      const stop = AbortSignal.any([request.signal, deadline]);
      const subprocess = execa(program, args, {
        cwd: request.cwd,
        input: request.prompt,
        env: turnEnvironment(request),
        detached: true,
        reject: false,
        stripFinalNewline: true,
        maxBuffer: 16 * 1024 * 1024,
      });
      if (subprocess.pid !== undefined) request.onProcess?.(subprocess.pid);
      let stopped: Promise<void> = Promise.resolve();
      const onStop = () => {
        if (subprocess.pid !== undefined) stopped = killProcessGroup(subprocess.pid, 2_000);
      };
      stop.addEventListener('abort', onStop, { once: true });
      // 'abort' never fires for a signal that is already aborted.
      if (stop.aborted) onStop();
      const result = await subprocess.finally(() => stop.removeEventListener('abort', onStop));
      // The agent may exit on SIGTERM before a child that ignores it: finish the kill before the
      // turn fails, or the CLI exits first and the child outlives it.
      await stopped;
      const what = `Agent \`${name}\` failed to write ${request.turn} ${request.round}`;
      const tail = stderrTail(String(result.stderr ?? ''));
      if (request.signal.aborted) throw new AgentError(`${what}: the turn was interrupted.`, { cause: result });
      if (deadline.aborted) {
        throw new AgentError(`${what}: it did not finish within ${request.timeoutMs} ms (--agent-timeout), so it was stopped.${tail}`, { cause: result });
      }
      if (result.failed) {
        const why = result.exitCode !== undefined ? `it exited with code ${result.exitCode}` : `it could not run (${result.shortMessage})`;
        throw new AgentError(`${what}: ${why}.${tail}`, { cause: result });
      }
      const output = String(result.stdout ?? '');
      if (output.trim() === '') throw new AgentError(`${what}: it printed nothing on stdout, and a turn needs the section's text.${tail}`);
      return output;
    },
  };
}

function turnEnvironment(request: TurnRequest): Record<string, string> {
  return {
    CODE_DEBATE_ROLE: request.role,
    CODE_DEBATE_TURN: request.turn,
    CODE_DEBATE_ROUND: String(request.round),
    CODE_DEBATE_FILE: request.file,
    CODE_DEBATE_SUBJECT: request.subject.text,
  };
}

function stderrTail(stderr: string): string {
  const lines = stderr.trimEnd().split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return ' It printed nothing on stderr.';
  return `\nThe end of its stderr:\n${lines.slice(-stderrTailLines).map((line) => `  | ${line}`).join('\n')}`;
}
