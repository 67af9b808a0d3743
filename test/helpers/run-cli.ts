import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { signalGroup } from '../../src/agents/kill-process-group.js';
import { stopWithWorker } from './stop-on-exit.js';

export const binPath = fileURLToPath(new URL('../../bin/code-debate.js', import.meta.url));
export const scriptedAgentPath = fileURLToPath(new URL('../fixtures/agents/scripted-agent.mjs', import.meta.url));
export const seedPeerPath = fileURLToPath(new URL('../fixtures/peers/plain-peer.sh', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  /** Everything printed so far. */
  output(): { stdout: string; stderr: string };
  exited: Promise<Exit>;
}

export interface StartOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Run as this user (and group) rather than the test's: takes root. */
  user?: { uid: number; gid: number } | undefined;
  /** Lead a process group of its own, as a terminal's foreground job does: `kill(-pid)` then reaches it and what it started in its group. */
  detached?: boolean;
}

/** Starts a real process and collects what it prints. */
export function start(command: string, args: readonly string[], options: StartOptions): Running {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
    ...options.user,
  });
  stopWithWorker(child, options.detached ?? false);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** `node bin/code-debate.js ...args` in `cwd`. */
export function startCli(args: readonly string[], options: StartOptions): Running {
  // The default agent is `auto`, which depends on what is installed: tests choose theirs.
  return start(process.execPath, [binPath, ...args], { ...options, env: { CODE_DEBATE_AGENT: 'builtin', ...options.env } });
}

/** The `--agent` value for the scripted agent with `script` and `log` files. */
export function scriptedAgent(script: string, log: string): string {
  return `cmd:${JSON.stringify(process.execPath)} ${JSON.stringify(scriptedAgentPath)} --script ${JSON.stringify(script)} --log ${JSON.stringify(log)}`;
}

/**
 * Waits for `condition` while `running` runs, bound by the work rather than a clock: it fails at once,
 * with what the process printed, when the process exits first; a process still at work is given the
 * test's own time, since a busy machine is slow, not stuck.
 */
export async function waitWhileRunning<T>(running: Running, condition: () => T | Promise<T>, what: string): Promise<NonNullable<T>> {
  const ended: { exit: Exit | null } = { exit: null };
  void running.exited.then((exit) => {
    ended.exit = exit;
  });
  for (;;) {
    // Read after the exit is seen, so what it wrote last is not missed.
    const exit = ended.exit;
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (exit) throw new Error(`The process exited (code ${exit.code}, signal ${exit.signal}) before ${what}. Its stderr:\n${exit.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The pids of the agents a scripted agent (scriptedAgent) has started so far, from its log. */
export async function agentPids(log: string): Promise<number[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

/**
 * Kills, after the test, each side still in `running` (SIGKILL, as a crash would) and then the
 * process groups of the agents the scripted agent logged at `log`: a SIGKILLed side cannot stop
 * its agent, which runs in its own process group. Push the sides started onto the list returned.
 */
export function killSidesAfter(onCleanup: (cleanup: () => Promise<void>) => void, log: string): Running[] {
  const running: Running[] = [];
  onCleanup(async () => {
    for (const side of running.splice(0)) {
      side.child.kill('SIGKILL');
      await side.exited;
    }
    for (const pid of await agentPids(log)) signalGroup(pid, 'SIGKILL');
  });
  return running;
}

/** The events a side printed with `--json` (one JSON object a line on stdout), in order. */
export function jsonEvents(stdout: string): Array<{ type: string } & Record<string, unknown>> {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { type: string } & Record<string, unknown>);
}
