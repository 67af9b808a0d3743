/**
 * Stops an agent and everything it started: the agent runs as the leader of its own process
 * group, so signalling the group reaches its children too. SIGTERM first, SIGKILL after `graceMs`.
 */
export function killProcessGroup(pid: number, graceMs: number): Promise<void> {
  if (!signalGroup(pid, 'SIGTERM')) return Promise.resolve();
  return new Promise((resolve) => {
    const started = Date.now();
    const check = setInterval(() => {
      if (!signalGroup(pid, 0)) {
        clearInterval(check);
        resolve();
      } else if (Date.now() - started >= graceMs) {
        signalGroup(pid, 'SIGKILL');
        clearInterval(check);
        resolve();
      }
    }, 20);
  });
}

/** Sends `signal` to the group; false when no process of it is left. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

const runningGroups = new Set<number>();

/** Remembers an agent's process group while it runs, so an exit at once can still stop it. */
export function trackProcessGroup(pid: number): () => void {
  runningGroups.add(pid);
  return () => runningGroups.delete(pid);
}

/** SIGKILL every agent process group still running: for an exit that cannot wait (a second Ctrl-C). */
export function killRunningGroupsNow(): void {
  for (const pid of runningGroups) signalGroup(pid, 'SIGKILL');
  runningGroups.clear();
}
