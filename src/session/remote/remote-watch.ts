import { setTimeout as delay } from 'node:timers/promises';
import { RemoteError } from '../../git/remote-error.js';
import { wakeReasons, type FileWatch, type WakeReason } from '../../watch/watch-file.js';
import { formatDuration } from '../../format-duration.js';
import type { RemoteDebate } from './remote-debate.js';
import { noteReachable, noteUnreachable, refusedError, type RemoteRetry } from './remote-retry.js';
import { sayWhenSlow, slowRemoteMs } from './slow-remote.js';

export interface RemoteWatch extends FileWatch {
  /** This side just pushed: look again soon, the peer's answer starts now. */
  nudge(): void;
}

/**
 * The loop's watch over a debate on a remote: it polls the remote (one `git ls-remote` of the
 * debate's refs, a fetch only when they moved), every `firstMs` at first and less often while
 * nothing moves (the peer's agent is thinking), up to `maxMs`; at once again after this side
 * pushed. A remote that cannot be reached is said once and polled on; the loop's --turn-timeout
 * still bounds the wait.
 */
export function watchRemote(debate: RemoteDebate, retry: Omit<RemoteRetry, 'deadline'>, options: { firstMs: number; maxMs: number; stillHeld(): void }): RemoteWatch {
  let interval = options.firstMs;
  let closed = false;
  // The debate's commit when this watch last woke the loop: a poll made elsewhere (a check of the peer) may have seen it move first.
  let woke = debate.view().tip;
  const poll = async (): Promise<boolean> => {
    options.stillHeld();
    try {
      const moved = await sayWhenSlow(debate.poll(), () =>
        retry.warn(`the remote \`${retry.remote}\` has not answered for ${formatDuration(slowRemoteMs)}: still waiting for it, up to --turn-timeout; nothing is lost meanwhile.`),
      );
      noteReachable(retry);
      return moved;
    } catch (error) {
      if (!(error instanceof RemoteError)) throw error;
      if (error.kind === 'denied' || error.kind === 'invalid') throw refusedError(retry.remote, 'fetch the debate', error);
      noteUnreachable(retry, error, 'Polling it with back-off');
      return false;
    }
  };
  return {
    async next(timeoutMs, signal): Promise<WakeReason> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (closed || signal?.aborted) return wakeReasons.timeout;
        if (debate.view().tip !== woke) {
          woke = debate.view().tip;
          interval = options.firstMs;
          return wakeReasons.event;
        }
        const wait = Math.max(0, Math.min(interval, deadline - Date.now()));
        try {
          await delay(wait, undefined, signal ? { signal } : {});
        } catch {
          return wakeReasons.timeout;
        }
        if (await poll()) {
          woke = debate.view().tip;
          interval = options.firstMs;
          return wakeReasons.event;
        }
        interval = interval === 0 ? options.firstMs : Math.min(options.maxMs, Math.round(interval * 1.5));
        if (Date.now() >= deadline) return wakeReasons.timeout;
      }
    },
    nudge() {
      interval = 0;
    },
    async close() {
      closed = true;
    },
  };
}
