import { maxTimerMs } from '../max-timer.js';
import { faultAction } from '../fault-point.js';
import { pollStat, statSampleMs } from './poll-stat.js';

export interface WatchOptions {
  /**
   * `--poll <ms>`: notice a change within `pollMs` by sampling the file's stat, instead of native
   * events; null for native events.
   */
  pollMs: number | null;
  /**
   * A wake-up every `safetyNetMs` even without events: for filesystems that deliver none, and for
   * the rare change a stat cannot tell (the same size, within one tick of the file's clock).
   */
  safetyNetMs: number;
  /** Told when watching fails (e.g. ENOSPC, too many watches): the safety net still runs. */
  onError?: (error: Error) => void;
}

/** What tells the watch to look again: the stat poller or the native watcher. */
interface ChangeSource {
  close(): void | Promise<void>;
}

export const wakeReasons = { event: 'event', tick: 'tick', timeout: 'timeout' } as const;
export type WakeReason = (typeof wakeReasons)[keyof typeof wakeReasons];

export interface FileWatch {
  /** Resolves at the next sign of change, the next safety tick, `timeoutMs` or `signal`, whichever is first. */
  next(timeoutMs: number, signal?: AbortSignal): Promise<WakeReason>;
  close(): Promise<void>;
}

/**
 * Watches one file: with native events, through its directory, so editors that save by writing a
 * new file and renaming it over the old one are seen too; with `pollMs`, by its stat, which a
 * rename changes too. Events only say "look again": the caller confirms a change by the file's
 * checksum. Events that arrive while nobody waits are remembered, never lost.
 */
export async function watchFile(file: string, options: WatchOptions): Promise<FileWatch> {
  let pending = false;
  let wake: ((reason: WakeReason) => void) | null = null;
  const notify = (reason: WakeReason) => {
    if (wake) wake(reason);
    else if (reason === wakeReasons.event) pending = true;
  };
  const source = await startSource(file, options, () => notify(wakeReasons.event));
  // CODE_DEBATE_FAULT=safety-ticks=none: no safety net, so a test shows what the events or the poller alone see.
  const ticker = faultAction('safety-ticks') === 'none' ? undefined : setInterval(() => notify(wakeReasons.tick), options.safetyNetMs);

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
      await source?.close();
    },
  };
}

async function startSource(file: string, options: WatchOptions, onChange: () => void): Promise<ChangeSource | null> {
  // Polling, not native events: CODE_DEBATE_FAULT=file-events=none leaves it running, as on a filesystem that delivers no events.
  if (options.pollMs !== null) return pollStat(file, statSampleMs(options.pollMs), onChange);
  // CODE_DEBATE_FAULT=file-events=none: a filesystem that delivers no events, where only the ticks see changes.
  if (faultAction('file-events') === 'none') return null;
  const { watchNative } = await import('./watch-native.js');
  return watchNative(file, onChange, options.onError);
}
