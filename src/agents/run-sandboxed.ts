import { spawn } from 'node:child_process';
import { describeDuration } from '../format-duration.js';
import { killProcessGroup } from './kill-process-group.js';

/** How a reproduction's command runs: where, within what limits, and what it may not see. */
export interface SandboxedCommand {
  /** The throw-away copy it runs in: the only folder it may write, besides a private /tmp. */
  dir: string;
  /** One shell command, run with `sh -c` in `dir`. */
  command: string;
  /** Folders it must not see at all (the person's work tree, the git directory and the agents' checkouts): empty ones take their place. */
  hide: readonly string[];
  /** Folders inside hidden ones it still reads (the toolchains on PATH under the home folder), read-only. */
  reveal?: readonly string[];
  timeoutMs: number;
  /** Stdout and stderr together: past this, it is stopped. */
  maxOutputBytes: number;
  /** false only when a setting allows running without bubblewrap (a throw-away container): then nothing is hidden or cut off. */
  sandboxed: boolean;
  /** Stops it (the session was interrupted). */
  signal?: AbortSignal;
}

export interface SandboxedOutcome {
  /** null when it did not exit by itself. */
  exitCode: number | null;
  /** Why it was stopped: the time limit, the output limit, a failure to start; null when it exited. */
  stopped: string | null;
  /** The end of its output, stdout and stderr as they came. */
  tail: string;
}

const tailBytes = 4 * 1024;
const killGraceMs = 1_000;

/**
 * bwrap's arguments for a reproduction: the file system read-only, a private /tmp, /dev and /proc,
 * the hidden folders replaced by empty read-only ones, the copy writable, and no network, no view of other
 * processes, no terminal to inject into; it dies with its parent.
 */
export function reproductionSandboxArgs(run: Pick<SandboxedCommand, 'dir' | 'hide' | 'reveal'>): string[] {
  const hidden = outermost(run.hide);
  return [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    // Each hidden folder empty, what it reveals and the copy (a TMPDIR under home) bound into it, and only then made read-only.
    ...hidden.flatMap((dir) => ['--tmpfs', dir]),
    ...(run.reveal ?? []).flatMap((dir) => ['--ro-bind', dir, dir]),
    '--bind',
    run.dir,
    run.dir,
    ...hidden.flatMap((dir) => ['--remount-ro', dir]),
    '--chdir',
    run.dir,
    '--unshare-net',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--new-session',
    '--die-with-parent',
  ];
}

/** The folders not inside another of them: one hidden inside another is hidden already, and could not be mounted on. */
function outermost(dirs: readonly string[]): string[] {
  const inside = (parent: string, child: string) => child === parent || child.startsWith(`${parent}/`);
  return dirs.filter((dir, index) => !dirs.some((other, at) => at !== index && inside(other, dir) && (other !== dir || at < index)));
}

/**
 * Runs a reproduction's command, as the leader of its own process group, with an environment of
 * its own (no API key or token of the person's reaches it): stopped with all it started at the
 * time limit or once it printed more than the output limit.
 */
export function runSandboxed(run: SandboxedCommand): Promise<SandboxedOutcome> {
  // bwrap tells on fd 3 when the command started: an exit without that is the sandbox's own failure, not the command's.
  const [program, args] = run.sandboxed ? ['bwrap', [...reproductionSandboxArgs(run), '--json-status-fd', '3', '--', 'sh', '-c', run.command]] : ['sh', ['-c', run.command]];
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: run.dir, TMPDIR: '/tmp', LANG: 'C.UTF-8', CI: '1', NO_COLOR: '1' };
  return new Promise((resolve) => {
    const child = spawn(program as string, args as string[], { cwd: run.dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe', run.sandboxed ? 'pipe' : 'ignore'] });
    let status = '';
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (chunk: Buffer) => {
      status += chunk.toString('utf8');
    });
    let tail = Buffer.alloc(0);
    let total = 0;
    let stopped: string | null = null;
    const stop = (why: string) => {
      if (stopped !== null) return;
      stopped = why;
      if (child.pid !== undefined) void killProcessGroup(child.pid, killGraceMs);
    };
    const timer = setTimeout(() => stop(`it ran past ${describeDuration(run.timeoutMs)} (the time limit)`), run.timeoutMs);
    const interrupted = () => stop('it was interrupted');
    run.signal?.addEventListener('abort', interrupted, { once: true });
    if (run.signal?.aborted) interrupted();
    const take = (chunk: Buffer) => {
      total += chunk.length;
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > tailBytes) tail = tail.subarray(tail.length - tailBytes);
      if (total > run.maxOutputBytes) stop(`it printed more than ${run.maxOutputBytes.toLocaleString('en-US')} bytes (the output limit)`);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.once('error', (error) => {
      stopped ??= `it could not start: ${error.message}`;
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', interrupted);
      // What it left running in its group (a daemon it forked) goes with it.
      if (child.pid !== undefined) void killProcessGroup(child.pid, killGraceMs);
      const text = readableTail(tail);
      if (stopped === null && run.sandboxed && !status.includes('"child-pid"')) stopped = `the sandbox could not start (${text.split('\n').at(-1) || `bwrap exit ${code}`})`;
      resolve({ exitCode: stopped === null ? code : null, stopped, tail: text });
    });
  });
}

/** The tail as text: from a line start where it was cut, no control characters but tabs and line ends, no trailing spaces. */
function readableTail(bytes: Buffer): string {
  const text = bytes.toString('utf8').replace(/\r\n?/g, '\n');
  const cut = bytes.length >= tailBytes ? text.slice(text.indexOf('\n') + 1) : text;
  return cut
    .replace(/[\0-\x08\x0b-\x1f\x7f\ufffd]/g, '')
    .replace(/[ \t]+$/gm, '')
    .trim();
}
