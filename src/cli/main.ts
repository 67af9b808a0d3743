import { killRunningGroupsNow } from '../agents/kill-process-group.js';
import { AgentError, ClaimError, CodeDebateError, ConfigError, GitError, InterruptedError, ProtocolError, RepositoryChangedError } from '../errors.js';
import { asFileAccessError, FileAccessError } from '../file-access-error.js';
import { escapeControlChars, escapeJsonControlChars } from '../protocol/control-chars.js';
import { DebateFileError } from '../session/debate-file-error.js';
import type { EventSink } from '../session/side-events.js';
import { readVersion } from './package-version.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import { guardOutput, type GuardedOutput } from './guard-output.js';
import { renderCommandHelp, renderTopHelp } from './render-help.js';
import path from 'node:path';
import type { Severity } from '../protocol/document.js';
import type { GateMode } from '../protocol/reproduction-modes.js';
import type { ReportFormat } from '../report/report-formats.js';
import { settingsTable } from '../config/settings-table.js';
import { parseCommandLine, type Command } from './parse-args.js';

// Each command loads what it needs when it runs (`await import`): `--version` must not pay for
// every agent backend, remark and git (hundreds of milliseconds, see bench/README.md).

/** The command line entry: the only place that sets the exit code and exits. */
export async function runCli(argv: readonly string[]): Promise<void> {
  const out = guardOutput(process.stdout);
  const err = guardOutput(process.stderr);
  const controller = new AbortController();
  let received: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received !== null) {
      killRunningGroupsNow();
      process.exit(signalCode(signal));
    }
    received = signal;
    // The status line (and the terminal's `^C` after it) goes, and one line says what happened,
    // at the end; only a stop that takes a while is announced before.
    if (process.stderr.isTTY) err.write('\r\x1b[2K\x1b[?25h');
    setTimeout(() => err.write(`code-debate: stopping after ${signal} (press Ctrl-C again to exit at once)…\n`), 1_500).unref();
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Closing the terminal: stop as for SIGTERM, so the agent and the claim do not outlive it.
  process.on('SIGHUP', onSignal);
  const code = await run(argv, controller.signal, { out, err }).catch((error: unknown) => {
    if (received !== null) {
      err.write(`code-debate: ${escapeControlChars(((asFileAccessError(error) ?? error) as Error).message)}\n`);
      return signalCode(received);
    }
    return reportError(error, err);
  });
  process.exit(received !== null ? signalCode(received) : code);
}

async function run(argv: readonly string[], signal: AbortSignal, { out, err }: { out: GuardedOutput; err: GuardedOutput }): Promise<ExitCode> {
  const command = parseCommandLine(argv, process.cwd());
  // What the commands print holds text from the debate file, git and agents: control characters in it are shown, never sent.
  const write = (text: string) => out.write(escapeControlChars(text));
  // JSON escapes what is below U+0020 in its strings: a raw one can only be in a plain line (an error), shown as `\x1B`.
  const writeJson = (text: string) => out.write(escapeControlChars(escapeJsonControlChars(text)));
  const writeErr = (text: string) => err.write(escapeControlChars(text));
  // A JSON report escapes control characters as JSON does; the others show them as `\x1B`.
  const showWriter = (format: ReportFormat) => (format === 'json' || format === 'sarif' ? writeJson : write);
  switch (command.command) {
    case 'help':
      write(command.topic === undefined ? renderTopHelp() : renderCommandHelp(command.topic));
      return exitCodes.ok;
    case 'version':
      write(`${readVersion()}\n`);
      return exitCodes.ok;
    case 'demo': {
      const { runDemo } = await import('./demo.js');
      return runDemo({ keep: command.keep, signal, stdout: write, stderr: writeErr });
    }
    case 'show': {
      if (command.remote !== undefined) {
        const { runRemoteShow } = await import('./remote-commands.js');
        return runRemoteShow({ cwd: command.cwd, ...command.remote, ...(await showSettings(command)), write: showWriter(command.format), note: writeErr });
      }
      const { runShow } = await import('./show-command.js');
      return runShow({ ...(await debateFile(command)), ...(await showSettings(command)), write: showWriter(command.format), note: writeErr });
    }
    case 'hook': {
      const { runHookCommand } = await import('./hook-command.js');
      return runHookCommand({ action: command.action, cwd: command.cwd, write });
    }
    case 'archive': {
      if (command.remote !== undefined) {
        const { runRemoteArchive } = await import('./remote-commands.js');
        return runRemoteArchive({ cwd: command.cwd, ...command.remote, write });
      }
      const { runArchive } = await import('./archive-command.js');
      return runArchive({ ...(await debateFile(command)), write });
    }
    case 'keep-edit': {
      const { runKeepEdit } = await import('./keep-edit-command.js');
      return runKeepEdit({ ...(await debateFile(command)), write });
    }
    case 'status': {
      if (command.remote !== undefined) {
        const { runRemoteStatus } = await import('./remote-commands.js');
        return runRemoteStatus({ cwd: command.cwd, ...command.remote, json: command.json, write: command.json ? writeJson : write });
      }
      if (command.archived) {
        const { runListArchived } = await import('./list-archived-command.js');
        return runListArchived({ cwd: command.cwd, json: command.json, write: command.json ? writeJson : write });
      }
      const { runStatus } = await import('./status-command.js');
      return runStatus({ ...(await debateFile(command)), json: command.json, write: command.json ? writeJson : write });
    }
    case 'pre-push': {
      const { runPrePushCommand } = await import('./pre-push-command.js');
      return runPrePushCommand({ ...command, env: process.env, stdin: process.stdin, signal, write: writeErr });
    }
    case 'eval': {
      const { runEvalCommand } = await import('./eval-command.js');
      return runEvalCommand({ ...command, env: process.env, signal, write: command.flags.json ? writeJson : write, note: writeErr });
    }
    case 'turn':
    case 'submit': {
      const { runSessionCommand } = await import('./session-command.js');
      return runSessionCommand({ command, signal, env: process.env, stdin: process.stdin, write, note: writeErr });
    }
    case 'mcp': {
      // stdout carries the protocol's messages: the server writes it, nothing else may.
      const { runMcpServer } = await import('./mcp-server.js');
      await runMcpServer({ cwd: command.cwd, env: process.env });
      return exitCodes.consensus;
    }
    case 'install-commands': {
      const { runInstallCommands } = await import('./install-commands-command.js');
      return runInstallCommands({ ...command, env: process.env, write });
    }
    case 'duo': {
      const [{ loadSettings }, { runDuo }] = await Promise.all([import('../config/resolve-settings.js'), import('./duo-command.js')]);
      if (!command.quoted) await checkTyped(command.subject, command.cwd, 'code-debate duo', true);
      const settings = await loadSettings(command.cwd, command.flags, process.env);
      return runDuo({ subject: command.subject, cwd: command.cwd, settings, signal, stdout: settings.json ? writeJson : write, stderr: writeErr });
    }
    case 'debate': {
      const [{ findRepo }, { loadRepoSettings }, { runSide }, { processClaims }] = await Promise.all([
        import('../git/find-repo.js'),
        import('../config/resolve-settings.js'),
        import('../session/run-side.js'),
        import('./process-claims.js'),
      ]);
      // One `git rev-parse` serves the settings and the session: git starts in tens of milliseconds.
      const repo = await findRepo(command.cwd);
      if (!command.quoted) await checkTyped(command.subject, command.cwd, 'code-debate', false);
      const settings = await loadRepoSettings(repo, command.flags, process.env);
      const emit = await chooseEventSink(settings.json, out, err, signal);
      for (const message of settings.warnings) emit({ type: 'warning', role: null, message });
      try {
        const result = await runSide({
          ...settings,
          claimsHeld: processClaims,
          cwd: command.cwd,
          repo,
          subject: command.subject,
          safetyNetMs: 2_000,
          signal,
          emit,
          agentEnvironment: {
            env: process.env,
            isTerminal: () => Boolean(process.stdin.isTTY && process.stdout.isTTY),
            maxOutputTokens: settings.maxOutputTokens,
            silenceMs: settings.agentSilenceMs,
          },
        });
        if (result.outcome === 'peer-timeout') return exitCodes.peerTimeout;
        return result.blocking.length > 0 ? exitCodes.disputed : exitCodes.consensus;
      } finally {
        emit.stop?.();
      }
    }
  }
}

/** A subject typed as plain words, checked in its work tree before any side claims a role. */
async function checkTyped(subject: string, cwd: string, command: 'code-debate' | 'code-debate duo', findRepoFirst: boolean): Promise<void> {
  const [{ findRepo }, { checkTypedSubject }] = await Promise.all([import('../git/find-repo.js'), import('./check-typed-subject.js')]);
  // Outside a work tree that is the mistake to report, not the words.
  if (findRepoFirst) await findRepo(cwd);
  await checkTypedSubject({ subject, cwd, command });
}

/**
 * Events for whoever reads them: NDJSON on stdout with `--json` (and the plain lines on stderr),
 * a live status line on an interactive terminal, plain lines otherwise (no TTY, or `CI` set).
 */
async function chooseEventSink(json: boolean, out: GuardedOutput, err: GuardedOutput, signal: AbortSignal): Promise<EventSink & { stop?: () => void }> {
  const [{ createHumanEventLog }, { combineEventSinks, createJsonEventSink }, { createTerminalEventSink }] = await Promise.all([
    import('./human-event-log.js'),
    import('./json-event-sink.js'),
    import('./terminal-event-sink.js'),
  ]);
  const lines = createHumanEventLog((line) => err.write(line));
  if (json)
    return combineEventSinks(
      createJsonEventSink((line) => out.write(line)),
      lines,
    );
  const interactive = process.stderr.isTTY && !process.env.CI;
  // The width is read at each redraw: a terminal made narrower must not wrap the status line.
  return interactive
    ? createTerminalEventSink(
        {
          write: (text) => err.write(text),
          hasColors: () => process.stderr.hasColors(),
          get columns() {
            return process.stderr.columns;
          },
          onResize: (listener) => process.stderr.on('resize', listener),
        },
        Date.now,
        signal,
      )
    : lines;
}

/** What `show` renders with: its format, the output (absolute: relative to where it was run), the blocking severity (flag, else the settings file). */
async function showSettings(
  command: Extract<Command, { command: 'show' }>,
): Promise<{ format: ReportFormat; output: string | null; blockOn: Severity; blockReproduced: GateMode; env: NodeJS.ProcessEnv; postToPr: string | null }> {
  const output = command.output === null ? null : path.resolve(command.cwd, command.output);
  const postToPr = command.postToPr ?? null;
  if (command.blockOn !== undefined && command.blockReproduced !== undefined) {
    return { format: command.format, output, blockOn: command.blockOn, blockReproduced: command.blockReproduced, env: process.env, postToPr };
  }
  const [{ findRepo }, { loadRepoSettings }] = await Promise.all([import('../git/find-repo.js'), import('../config/resolve-settings.js')]);
  const repo = await findRepo(command.cwd).catch(() => null);
  // A settings file a debate would refuse is refused here too (exit 2), not read as the defaults.
  const settings = repo === null ? null : await loadRepoSettings(repo, {}, {});
  return {
    format: command.format,
    output,
    blockOn: command.blockOn ?? settings?.blockOn ?? settingsTable.blockOn.default,
    blockReproduced: command.blockReproduced ?? settings?.blockReproduced ?? settingsTable.blockReproduced.default,
    env: process.env,
    postToPr,
  };
}

/**
 * The debate file of `show`, `status`, `archive` and `keep-edit`, and the folder it is relative
 * to: `--file` (or the file argument) from the current folder; else the settings file's, else
 * reply.md, from the work tree's root, wherever in it the command runs.
 */
async function debateFile(command: { file: string | undefined; cwd: string }): Promise<{ file: string; cwd: string }> {
  if (command.file !== undefined) return { file: command.file, cwd: command.cwd };
  const [{ findRepo }, { loadRepoSettings }] = await Promise.all([import('../git/find-repo.js'), import('../config/resolve-settings.js')]);
  // Outside a repository the command itself says so, from where it was run.
  const repo = await findRepo(command.cwd).catch(() => null);
  if (repo === null) return { file: settingsTable.file.default, cwd: command.cwd };
  // A settings file a debate would refuse is refused here too (exit 2): its `file` cannot be trusted.
  const settings = await loadRepoSettings(repo, {}, {});
  return { file: settings.file, cwd: repo.root };
}

function reportError(caught: unknown, err: GuardedOutput): ExitCode {
  const error = asFileAccessError(caught) ?? caught;
  const message = error instanceof Error ? error.message : String(error);
  const fail = (text: string, code: ExitCode): ExitCode => {
    err.write(`code-debate: ${escapeControlChars(text)}\n`);
    return code;
  };
  if (error instanceof ConfigError || error instanceof ClaimError || error instanceof DebateFileError || error instanceof FileAccessError) return fail(message, exitCodes.usage);
  if (error instanceof AgentError) return fail(message, exitCodes.agentFailure);
  if (error instanceof ProtocolError) return fail(`${message}\nThe file was left as it is.`, exitCodes.protocolError);
  if (error instanceof GitError) return fail(message, exitCodes.gitError);
  if (error instanceof RepositoryChangedError) return fail(message, exitCodes.repositoryChanged);
  if (error instanceof InterruptedError) return fail(message, exitCodes.sigint);
  if (error instanceof CodeDebateError) return fail(message, exitCodes.internal);
  const stack = error instanceof Error && error.stack ? error.stack : message;
  return fail(`internal error, please report it:\n${stack}`, exitCodes.internal);
}

function signalCode(signal: NodeJS.Signals): ExitCode {
  if (signal === 'SIGHUP') return exitCodes.sighup;
  return signal === 'SIGTERM' ? exitCodes.sigterm : exitCodes.sigint;
}
