import path from 'node:path';
import { AgentError, ConfigError } from '../errors.js';
import type { Agent } from './agent.js';
import { sandboxCommand } from './bwrap-sandbox.js';
import { failurePrefix, runAgentProcess, stderrTail } from './run-agent-process.js';
import { readCmdUsage } from './read-usage.js';
import { splitCommand } from './split-command.js';

/**
 * `--agent 'cmd:<program> <args...>'`: any program that reads the prompt on stdin and prints the
 * section body on stdout. It runs without a shell, in its own process group, so a deadline or an
 * interrupt stops it and everything it started.
 */
export function createCmdAgent(spec: string): Agent {
  const [program, ...args] = splitCommand(spec);
  if (program === undefined) throw new ConfigError('Cannot run the agent `cmd:`: expected a program after `cmd:`, e.g. `cmd:./my-agent --fast`.');
  // Errors name the whole command; the signature in the shared file only the program, since
  // arguments may hold a key or a token.
  const command = `cmd:${spec.trim()}`;
  return {
    name: `cmd:${path.basename(program)}`,
    startsEarly: true,
    sandboxable: true,
    async writeTurn(request) {
      // A path starts at the person's work tree, as checkAgentSpecs read it, not at the agent's checkout.
      const located = program.includes('/') ? path.resolve(request.root ?? request.cwd, program) : program;
      const run = request.sandbox === undefined ? { program: located, args } : sandboxCommand(request.sandbox, request.cwd, located, args);
      const env = request.sandbox === undefined ? {} : { TMPDIR: request.sandbox.tmp };
      const outcome = await runAgentProcess(command, { ...run, input: request.prompt, env }, request);
      const what = failurePrefix(command, request);
      if (outcome.exitCode !== 0) throw new AgentError(`${what}: it exited with code ${outcome.exitCode}.${stderrTail(outcome.stderr)}`, 'crashed', { cause: outcome });
      if (outcome.stdout.trim() === '') {
        throw new AgentError(`${what}: it printed nothing on stdout, and a turn needs the section's text.${stderrTail(outcome.stderr)}`, 'empty-output', { cause: outcome });
      }
      const usage = readCmdUsage(outcome.stderr);
      if (usage !== null) request.onUsage?.(usage);
      return outcome.stdout;
    },
  };
}
