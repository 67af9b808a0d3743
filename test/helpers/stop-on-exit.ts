import type { ChildProcess } from 'node:child_process';
import { killRunningGroupsNow } from '../../src/agents/kill-process-group.js';

/**
 * What a test worker has started and must stop if it ends first. One registry per process,
 * whatever the module instances: vitest gives each test file its own copy of every module.
 */
interface Started {
  /** Processes the helpers started; `ownGroup` when one leads a process group of its own. */
  children: Map<ChildProcess, { ownGroup: boolean }>;
  /** killRunningGroupsNow of each instance of src/agents/kill-process-group.ts: the agents run in this process. */
  agentGroups: Set<() => void>;
  installed: boolean;
}

const key = Symbol.for('code-debate.test.started');
const started: Started = ((globalThis as Record<symbol, Started | undefined>)[key] ??= { children: new Map(), agentGroups: new Set(), installed: false });
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Remembers `child` until it exits, to be stopped if the worker ends first (see stopOnExit). */
export function stopWithWorker(child: ChildProcess, ownGroup: boolean): void {
  if (child.pid === undefined) return;
  started.children.set(child, { ownGroup });
  child.once('exit', () => started.children.delete(child));
}

/**
 * Run in each worker (vitest `setupFiles`): when the worker ends, by Ctrl-C, by vitest's SIGTERM
 * or by exiting, what its tests started ends too. The agents a test ran in the worker lead groups
 * of their own, as sides started detached do: Ctrl-C at the terminal reaches neither, and a
 * worker that dies of it would leave them running for good (an agent that hangs). They are
 * stopped, then the worker dies of the signal as it would have.
 */
export function stopOnExit(): void {
  started.agentGroups.add(killRunningGroupsNow);
  if (started.installed) return;
  started.installed = true;
  process.on('exit', () => stopAll('SIGTERM', true));
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C and a closed terminal reach the worker's whole group: only the groups of their own need them passed on.
    stopAll(signal, signal === 'SIGTERM');
    for (const each of signals) process.off(each, onSignal);
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const signal of signals) process.on(signal, onSignal);
}

function stopAll(signal: NodeJS.Signals, inGroupToo: boolean): void {
  for (const stop of started.agentGroups) stop();
  for (const [child, { ownGroup }] of started.children) {
    if (!ownGroup && !inGroupToo) continue;
    try {
      // A side given the signal stops its own agent's group, as at a terminal.
      process.kill(ownGroup ? -(child.pid ?? 0) : (child.pid ?? 0), signal);
    } catch {
      // Gone already.
    }
  }
  started.children.clear();
}
