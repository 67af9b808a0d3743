import type { ClaimRecord } from '../claim-role.js';

/** How often a side polls while the peer holds no role, or its claim says it is gone: someone must start it first. */
export const idlePollMs = 5_000;
/** How often a side polls while a person writes the peer's turn in their editor: minutes, where an agent takes seconds. */
export const personPollMs = 3_000;

export interface PollFacts {
  /** The peer's claim as last read, or null when nobody holds its role. */
  peer: ClaimRecord | null;
  /** Whether that claim's holder is gone (its process ended here, or its heartbeat stopped). */
  gone: boolean;
  /** The interval while the peer's agent is at work: --poll, else 1 s. */
  fastMs: number;
}

/**
 * How long to wait before the next look at the remote, from what the peer's claim says it is
 * doing: an agent at work (or about to start, having just read this side's section) is looked
 * at every `fastMs`, whatever it has taken so far, so the hand-over never waits for a back-off; a
 * person in their editor seldom; nobody, or a holder that is gone, seldom too.
 */
export function pollIntervalMs(facts: PollFacts): number {
  if (facts.peer === null || facts.gone) return Math.max(facts.fastMs, idlePollMs);
  if (facts.peer.agent === 'human') return Math.max(facts.fastMs, personPollMs);
  return facts.fastMs;
}
