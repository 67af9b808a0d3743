import { setTimeout as delay } from 'node:timers/promises';
import type { Role } from '../../protocol/document.js';
import { RemoteError } from '../../git/remote-error.js';
import { wakeReasons, type FileWatch, type WakeReason } from '../../watch/watch-file.js';
import { formatDuration } from '../../format-duration.js';
import { pollIntervalMs } from './poll-plan.js';
import { readRemoteClaim } from './read-remote-claim.js';
import type { RemoteDebate } from './remote-debate.js';
import { endedHere, goneAfterMs } from './remote-holders.js';
import { noteReachable, noteUnreachable, refusedError, type RemoteRetry } from './remote-retry.js';
import type { RequestBudget } from './request-budget.js';
import { sayWhenSlow, slowRemoteMs } from './slow-remote.js';

export interface RemoteWatch extends FileWatch {
  /** This side just pushed: the peer's answer starts now, and the next look is an interval away. */
  nudge(): void;
}

export interface RemoteWatchOptions {
  /** The peer's role, whose claim says how often to look (see pollIntervalMs). */
  peer: Role;
  /** The interval while the peer's agent is at work: --poll, else agentPollMs. */
  fastMs: number;
  budget: RequestBudget;
  /** Throws when this side's role was taken over meanwhile. */
  stillHeld(): void;
}

/** The longest wait between two looks at a remote that cannot be reached. */
const maxOutageMs = 15_000;

/**
 * The loop's watch over a debate on a remote: it polls the remote (one `git fetch` of the
 * debate's refs) as often as what the peer's claim says it is doing calls for (see
 * pollIntervalMs), never more often than the request budget allows, and wakes the loop when the
 * debate moved, whoever's poll saw it. A remote that cannot be reached is said once and polled on
 * with back-off; the loop's --turn-timeout still bounds the wait.
 */
export function watchRemote(debate: RemoteDebate, retry: Omit<RemoteRetry, 'deadline'>, options: RemoteWatchOptions): RemoteWatch {
  let closed = false;
  // The debate's commit when this watch last woke the loop: a poll made elsewhere (a check of the peer) may have seen it move first.
  let woke = debate.view().tip;
  let lookedAt = Date.now();
  let outageMs = 0;
  // The peer's claim commit, and the read that first showed it: a claim that stands still for three of its beats is gone.
  let peerSeen: { commit: string; at: number } | null = null;
  // Since when the peer has held no role, or been gone, by this side's reads; null while it is there.
  let quietSince: number | null = null;

  const interval = async (): Promise<number> => {
    if (outageMs > 0) return outageMs;
    const held = await readRemoteClaim(debate, options.peer);
    const readAt = debate.view().readAt;
    if (held !== null && held.commit !== peerSeen?.commit) peerSeen = { commit: held.commit, at: readAt };
    const stale = held !== null && peerSeen !== null && readAt - peerSeen.at > goneAfterMs(held.record);
    const ended = held !== null && endedHere(held.record);
    const quiet = held === null || stale || ended;
    quietSince = quiet ? (quietSince ?? readAt) : null;
    return pollIntervalMs({ peer: held?.record ?? null, gone: stale || ended, quietMs: quietSince === null ? 0 : readAt - quietSince, fastMs: options.fastMs });
  };

  const poll = async (): Promise<boolean> => {
    options.stillHeld();
    try {
      const moved = await sayWhenSlow(debate.poll(), () =>
        retry.warn(`the remote \`${retry.remote}\` has not answered for ${formatDuration(slowRemoteMs)}: still waiting for it, up to --turn-timeout; nothing is lost meanwhile.`),
      );
      noteReachable(retry);
      outageMs = 0;
      return moved;
    } catch (error) {
      if (!(error instanceof RemoteError)) throw error;
      if (error.kind === 'denied' || error.kind === 'invalid') throw refusedError(retry.remote, 'fetch the debate', error);
      noteUnreachable(retry, error, 'Polling it with back-off');
      outageMs = Math.min(maxOutageMs, Math.max(options.fastMs, outageMs * 2));
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
          return wakeReasons.event;
        }
        const now = Date.now();
        // A look another part of this side made (a check of the peer, of its own claim) counts as this watch's.
        const due = Math.max(Math.max(lookedAt, debate.view().readAt) + (await interval()), now + options.budget.waitMs(now));
        try {
          await delay(Math.max(0, Math.min(due, deadline) - Date.now()), undefined, signal ? { signal } : {});
        } catch {
          return wakeReasons.timeout;
        }
        if (closed || signal?.aborted || due > deadline) return wakeReasons.timeout;
        lookedAt = Date.now();
        if (await poll()) {
          woke = debate.view().tip;
          return wakeReasons.event;
        }
        if (Date.now() >= deadline) return wakeReasons.timeout;
      }
    },
    nudge() {
      lookedAt = Date.now();
    },
    async close() {
      closed = true;
    },
  };
}
