import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { maxTimerMs } from '../max-timer.js';
import { faultAction } from '../fault-point.js';

export interface WatchOptions {
  /** Poll the file every `pollMs` instead of using native events (`--poll`). */
  pollMs: number | null;
  /** A wake-up every `safetyNetMs` even without events, for filesystems that deliver none. */
  safetyNetMs: number;
  /** Told when watching fails (e.g. ENOSPC, too many watches): the safety net still runs. */
  onError?: (error: Error) => void;
}

export const wakeReasons = { event: 'event', tick: 'tick', timeout: 'timeout' } as const;
export type WakeReason = (typeof wakeReasons)[keyof typeof wakeReasons];

export interface FileWatch {
  /** Resolves at the next sign of change, the next safety tick, `timeoutMs` or `signal`, whichever is first. */
  next(timeoutMs: number, signal?: AbortSignal): Promise<WakeReason>;
  close(): Promise<void>;
}

/**
 * Watches one file through its directory, so editors that save by writing a new file and renaming
 * it over the old one are seen too. Events only say "look again": the caller confirms a change by
 * the file's checksum. Events that arrive while nobody waits are remembered, never lost.
 */
export async function watchFile(file: string, options: WatchOptions): Promise<FileWatch> {
  let pending = false;
  let wake: ((reason: WakeReason) => void) | null = null;
  const notify = (reason: WakeReason) => {
    if (wake) wake(reason);
    else if (reason === wakeReasons.event) pending = true;
  };
  // CODE_DEBATE_FAULT=file-events=none: a filesystem that tells nothing, where only the ticks see changes.
  const watcher = faultAction('file-events') === 'none' ? null : await startWatcher(file, options, () => notify(wakeReasons.event));
  const ticker = setInterval(() => notify(wakeReasons.tick), options.safetyNetMs);

  return {
    next(timeoutMs, signal) {
      if (signal?.aborted) return Promise.resolve(wakeReasons.timeout);
      if (pending) {
        pending = false;
        return Promise.resolve(wakeReasons.event);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(wakeReasons.timeout), Math.min(Math.max(0, timeoutMs), maxTimerMs));
        const onAbort = () => finish(wakeReasons.timeout);
        const finish = (reason: WakeReason) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          wake = null;
          resolve(reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        wake = finish;
      });
    },
    async close() {
      clearInterval(ticker);
      wake?.(wakeReasons.timeout);
      await watcher?.close();
    },
  };
}

async function startWatcher(file: string, options: WatchOptions, onChange: () => void): Promise<FSWatcher> {
  const directory = path.dirname(file);
  const watcher = watch(directory, {
    depth: 0,
    ignoreInitial: true,
    ignored: (candidate: string) => candidate !== directory && candidate !== file,
    usePolling: options.pollMs !== null,
    ...(options.pollMs === null ? {} : { interval: options.pollMs, binaryInterval: options.pollMs }),
  });
  watcher.on('all', (_event, changed) => {
    if (changed === file) onChange();
  });
  // Without a listener an 'error' would crash the process; the checksum safety net carries on.
  let failed = false;
  await new Promise<void>((resolve) => {
    watcher.once('ready', resolve);
    watcher.on('error', (error: unknown) => {
      if (!failed) options.onError?.(error instanceof Error ? error : new Error(String(error)));
      failed = true;
      resolve();
    });
  });
  return watcher;
}
