import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach } from 'vitest';

/** The pid of a real process that has exited and been reaped: nothing runs under it now. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  if (child.pid === undefined) throw new Error('node -e "" did not start');
  return child.pid;
}

/**
 * Starts live processes whose command line names code-debate, as a real holder's does
 * (isProcessAlive checks /proc/<pid>/cmdline); each is killed after the test.
 */
export function useLiveHolders(): () => Promise<number> {
  const started: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(
      started.splice(0).map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }),
    );
  });
  return async () => {
    const child = spawn(process.execPath, ['-e', 'console.log("up"); setInterval(() => {}, 1e6)', 'code-debate'], { stdio: ['ignore', 'pipe', 'ignore'] });
    started.push(child);
    await once(child.stdout, 'data');
    if (child.pid === undefined) throw new Error('the holder did not start');
    return child.pid;
  };
}

/** Whether `pid` is gone: no such process, or a zombie nobody has reaped yet. */
export function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const state = processState(pid);
  return state === null || state === 'Z';
}

/** The state letter of `pid` (`R`, `S`, `T` stopped, `Z` zombie, ...), or null once it is gone. */
export function processState(pid: number): string | null {
  return statFields(pid)?.[0] ?? null;
}

/**
 * The fields of `/proc/<pid>/stat` from the third on (the state first), or null once the process
 * is gone: they follow the `(comm)` field, which may itself contain spaces and parentheses.
 */
export function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The processes, still running, whose environment holds `name=value`: what a process started
 * with that variable started in turn, wherever it was reparented. Each as `pid pgid command`.
 */
export function processesWithEnv(name: string, value: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || isGone(Number(entry))) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`${name}=${value}`)) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push(`${entry} ${statFields(Number(entry))?.[2] ?? '?'} ${command}`);
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found;
}
