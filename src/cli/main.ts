import { readFileSync } from 'node:fs';
import { killRunningGroupsNow } from '../agents/kill-process-group.js';
import { AgentError, ClaimError, CodeDebateError, ConfigError, GitError, InterruptedError, ProtocolError } from '../errors.js';
import { runSession } from '../session/run-session.js';
import { outcomes, type Outcome } from '../session/debate-loop.js';
import { runDemo } from './demo.js';
import { runShow } from './show-command.js';
import { exitCodes, type ExitCode } from './exit-codes.js';
import { helpText } from './help-text.js';
import { createHumanReporter } from './human-reporter.js';
import { parseCommandLine } from './parse-args.js';

const outcomeCodes: Record<Outcome, ExitCode> = {
  [outcomes.consensus]: exitCodes.consensus,
  [outcomes.alreadyEnded]: exitCodes.consensus,
  [outcomes.disputed]: exitCodes.disputed,
  [outcomes.peerTimeout]: exitCodes.peerTimeout,
};

/** The command line entry: the only place that sets the exit code and exits. */
export async function runCli(argv: readonly string[]): Promise<void> {
  const controller = new AbortController();
  let received: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received !== null) {
      killRunningGroupsNow();
      process.exit(signalCode(signal));
    }
    received = signal;
    process.stderr.write(`\ncode-debate: ${signal} received, stopping (press Ctrl-C again to exit at once)\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Closing the terminal: stop as for SIGTERM, so the agent and the claim do not outlive it.
  process.on('SIGHUP', onSignal);
  const code = await run(argv, controller.signal).catch((error: unknown) => {
    if (received !== null) {
      process.stderr.write(`code-debate: ${(error as Error).message}\n`);
      return signalCode(received);
    }
    return reportError(error);
  });
  process.exit(received !== null ? signalCode(received) : code);
}

async function run(argv: readonly string[], signal: AbortSignal): Promise<ExitCode> {
  const command = parseCommandLine(argv, process.cwd());
  switch (command.command) {
    case 'help':
      process.stdout.write(helpText);
      return exitCodes.consensus;
    case 'version':
      process.stdout.write(`${readVersion()}\n`);
      return exitCodes.consensus;
    case 'demo':
      return runDemo({ keep: command.keep, signal });
    case 'show':
      return runShow({ file: command.file, cwd: command.cwd, json: command.json, write: (text) => process.stdout.write(text) });
    case 'debate': {
      const result = await runSession({
        ...command,
        safetyNetMs: 2_000,
        signal,
        report: createHumanReporter((line) => process.stderr.write(line)),
        agentEnvironment: { env: process.env, isTerminal: () => Boolean(process.stdin.isTTY && process.stdout.isTTY) },
      });
      return outcomeCodes[result.outcome];
    }
  }
}

function reportError(error: unknown): ExitCode {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ConfigError || error instanceof ClaimError) return fail(message, exitCodes.usage);
  if (error instanceof AgentError) return fail(message, exitCodes.agentFailure);
  if (error instanceof ProtocolError) return fail(`${message}\nThe file was left as it is.`, exitCodes.protocolError);
  if (error instanceof GitError) return fail(message, exitCodes.gitError);
  if (error instanceof InterruptedError) return fail(message, exitCodes.sigint);
  if (error instanceof CodeDebateError) return fail(message, exitCodes.internal);
  const stack = error instanceof Error && error.stack ? error.stack : message;
  return fail(`internal error, please report it:\n${stack}`, exitCodes.internal);
}

function fail(message: string, code: ExitCode): ExitCode {
  process.stderr.write(`code-debate: ${message}\n`);
  return code;
}

function signalCode(signal: NodeJS.Signals): ExitCode {
  if (signal === 'SIGHUP') return exitCodes.sighup;
  return signal === 'SIGTERM' ? exitCodes.sigterm : exitCodes.sigint;
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
