import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { resolveAutoAgent } from '../agents/presets/cli-agent-auto.js';
import type { Settings } from '../config/settings.js';
import { settingEntries } from '../config/settings-table.js';
import type { DuoOptions, DuoResult } from '../config/duo-options.js';
import { ConfigError } from '../errors.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import type { Role } from '../protocol/document.js';
import { createDuoStderr, type DuoStderr } from './duo-stderr.js';

const binPath = fileURLToPath(new URL('../../bin/code-debate.js', import.meta.url));

/** Codes that mean the debate itself ran to an end, as opposed to a side failing. */
const debateEnds: ReadonlySet<number> = new Set([exitCodes.consensus, exitCodes.disputed, exitCodes.peerTimeout]);

/**
 * `code-debate duo <subject>`: both sides as two real `code-debate` processes on the same file,
 * exactly as two terminals would run them (designated roles, each its own agent). Their status
 * lines go to stderr as they come; with `--json`, their events go to stdout as they come, then
 * one `duo-ended` event. A side that fails stops the other, which would otherwise wait for it
 * until --turn-timeout. The exit code is the Reviewer's, or the failing side's.
 */
export async function runDuo(options: DuoOptions): Promise<ExitCode> {
  const [{ findRepo }, { findEmptySubject }] = await Promise.all([import('../git/find-repo.js'), import('../subject/find-empty-subject.js')]);
  const repo = await findRepo(options.cwd);
  const file = path.resolve(options.settings.fileBase === 'root' ? repo.root : options.cwd, options.settings.file);
  // Said once here, rather than by both sides.
  const empty = await findEmptySubject(options.subject, { cwd: options.cwd, root: repo.root, exclude: [path.relative(repo.root, file)] });
  if (empty !== null) throw new ConfigError(empty);
  const { code } = await startDuo(options);
  if ((options.settings.reports.length === 0 && options.settings.postToPr === null) || !debateEnds.has(code)) return code;
  // The reports come from the file both sides wrote, once the debate ended.
  const { writeReports } = await import('./write-reports.js');
  const reports = options.settings.reports.map((report) => ({ format: report.format, file: path.resolve(options.cwd, report.file) }));
  const written = await writeReports({
    root: repo.root,
    relativeFile: path.relative(repo.root, file),
    reports,
    blockOn: options.settings.blockOn,
    blockReproduced: options.settings.blockReproduced,
    env: process.env,
    note: options.stderr,
    postToPr: options.settings.postToPr,
  });
  return written ? code : exitCodes.usage;
}

export async function startDuo(options: DuoOptions): Promise<DuoResult> {
  const ended: DuoResult['ended'] = {};
  const time = new Date().toISOString().slice(11, 19);
  for (const message of options.settings.warnings) options.stderr(`${time} code-debate  warning: ${message}\n`);
  const agents = await chooseAgents(options, time);
  const stderr = createDuoStderr(options.stderr);
  const children = (['reviewer', 'responder'] as const).map((role) => startSide(role, agents[role], options, stderr, (event) => (ended[role] = event)));
  // Each side is signalled once: a second signal means "exit at once" to a side, which then
  // cannot release its claim (one side failing, then Ctrl-C, must not stop the other twice).
  const signalled = new Set<Side>();
  const stopAll = () => {
    for (const side of children) {
      if (signalled.has(side) || side.child.exitCode !== null || side.child.signalCode !== null) continue;
      signalled.add(side);
      side.child.kill('SIGTERM');
    }
  };
  options.signal.addEventListener('abort', stopAll, { once: true });
  let failed: number | null = null;
  const codes = await Promise.all(
    children.map(async (side) => {
      const code = await side.exited;
      // A side stopped because the other failed first has nothing to add to that failure.
      stderr.ended(side.role, !(failed !== null && signalled.has(side) && !options.signal.aborted));
      if (!debateEnds.has(code) && failed === null) {
        // The first side to fail explains the run; the other is only stopped.
        failed = code;
        stopAll();
      }
      return code;
    }),
  );
  options.signal.removeEventListener('abort', stopAll);
  const [reviewer, responder] = codes as [number, number];
  const code = (failed ?? reviewer) as ExitCode;
  if (options.settings.json) {
    options.stdout(
      `${JSON.stringify({ time: new Date().toISOString(), pid: process.pid, type: 'duo-ended', exitCode: code, reviewer: { exitCode: reviewer, ...ended.reviewer }, responder: { exitCode: responder, ...ended.responder } })}\n`,
    );
  }
  return { code, ended };
}

/**
 * Each side's agent, `auto` resolved here once and said once: each side resolving it itself
 * printed the same notice twice. The sides inherit this process's environment, PATH included.
 */
async function chooseAgents(options: DuoOptions, time: string): Promise<Record<Role, string>> {
  const { agents } = options.settings;
  if (agents.reviewer.trim() !== 'auto' && agents.responder.trim() !== 'auto') return agents;
  const auto = await resolveAutoAgent(process.env);
  if (options.settings.json) {
    options.stdout(`${JSON.stringify({ time: new Date().toISOString(), pid: process.pid, type: 'agent-chosen', role: null, message: auto.message })}\n`);
  } else {
    options.stderr(`${time} code-debate  ${auto.message}\n`);
  }
  const pick = (spec: string) => (spec.trim() === 'auto' ? auto.spec : spec);
  return { reviewer: pick(agents.reviewer), responder: pick(agents.responder) };
}

/** The duo's own to give each side: its role, its agent, its file and --json. */
const givenBySide: ReadonlySet<string> = new Set(['role', 'agent', 'reviewerAgent', 'responderAgent', 'file', 'json']);

/** Every other setting a debate and a duo both take, passed on as resolved here: a setting added to the table reaches the sides. */
const passedOn = settingEntries.filter(([name, entry]) => entry.argument !== true && entry.commands.includes('duo') && entry.commands.includes('debate') && !givenBySide.has(name));

export function sideFlags(settings: Settings): string[] {
  return passedOn.flatMap(([name, entry]) => {
    const value = (settings as Record<string, unknown>)[name];
    if (value === null || value === undefined || value === false) return [];
    return entry.type.input === 'switch' ? [`--${entry.flag}`] : [`--${entry.flag}`, entry.type.spell(value)];
  });
}

interface Side {
  role: Role;
  child: ChildProcess;
  exited: Promise<number>;
}

function startSide(role: Role, agent: string, options: DuoOptions, stderr: DuoStderr, onEnded: (event: { outcome: string; message: string }) => void): Side {
  const { settings } = options;
  const args = [
    binPath,
    '--role',
    role,
    '--agent',
    agent,
    // A file from the settings or the default is the sides' to find at the root, as they would alone.
    ...(settings.fileBase === 'cwd' ? ['--file', settings.file] : []),
    ...sideFlags(settings),
    '--json',
    '--cwd',
    options.cwd,
    '--',
    options.subject,
  ];
  // Our own CLI, not an agent: spawned plainly, its output read line by line. Each side leads a
  // process group of its own: Ctrl-C at the terminal reaches the duo alone, which stops each side
  // once (stopAll), as a side in a terminal of its own is stopped. Reached by the terminal's
  // SIGINT and then by stopAll's SIGTERM, a side took the second signal for "exit at once" and
  // left its claim behind.
  const child = spawn(process.execPath, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (settings.json) options.stdout(`${line}\n`);
    const event = readEvent(line);
    if (event?.type === 'ended') onEnded({ outcome: String(event.outcome), message: String(event.message) });
  });
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.line(role, line));
  const exited = new Promise<number>((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? (signal === 'SIGTERM' ? exitCodes.sigterm : signal === 'SIGINT' ? exitCodes.sigint : exitCodes.internal))),
  );
  return { role, child, exited };
}

function readEvent(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
