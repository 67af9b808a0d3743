import { onRemoteTalk } from '../../git/remote-talk.js';

/**
 * The requests a side makes to a remote in any minute: a forge limits them (GitLab's default is
 * 600 a minute per user and git command), and two sides that poll while the peer's agent works
 * (see agentPollMs) stay well within it. Polls wait for room; pushes (a section, a beat) never do.
 */
export const requestsPerMinute = 90;

export interface RequestBudget {
  /** How long until one more request fits in the minute (0: now). */
  waitMs(now?: number): number;
  /** The requests counted so far. */
  count(): number;
  stop(): void;
}

/** Counts this process's requests to `remote` over a sliding minute, from now on. */
export function countRequests(remote: string, perMinute = requestsPerMinute): RequestBudget {
  const times: number[] = [];
  let total = 0;
  const stop = onRemoteTalk((to) => {
    if (to !== remote) return;
    total++;
    times.push(Date.now());
  });
  return {
    waitMs(now = Date.now()) {
      while (times.length > 0 && (times[0] ?? 0) <= now - 60_000) times.shift();
      return times.length < perMinute ? 0 : (times[times.length - perMinute] ?? now) + 60_000 - now;
    },
    count: () => total,
    stop,
  };
}
