import type { ClaimRecord } from '../claims/claim-role.js';

/**
 * How often a side polls while the peer's agent works, unless --poll says otherwise: a section
 * that lands just after a look waits for the next one, so this, plus a fetch, bounds the
 * hand-over (under 1.5 s at p95); 75 looks a minute stay within the request budget.
 */
export const agentPollMs = 800;

/** How often, at the least, a side polls while the peer holds no role, or its claim says it is gone: someone must start it first. */
export const idlePollMs = 5_000;
/** How often a side polls while a person writes the peer's turn in their editor: minutes, where an agent takes seconds. */
export const personPollMs = 3_000;

export interface PollFacts {
  /** The peer's claim as last read, or null when nobody holds its role. */
  peer: ClaimRecord | null;
  /** Whether that claim's holder is gone (its process ended here, or its heartbeat stopped). */
  gone: boolean;
  /** For how long, by this side's reads, nobody has held the peer's role or its holder has been gone. */
  quietMs: number;
  /** The interval while the peer's agent is at work: --poll, else agentPollMs. */
  fastMs: number;
}

/**
 * How long to wait before the next look at the remote, from what the peer's claim says it is
 * doing: an agent at work (or about to start, having just read this side's section) is looked
 * at every `fastMs`, whatever it has taken so far, so the hand-over never waits for a back-off; a
 * person in their editor seldom. Nobody, or a holder that is gone, seldom too once that has
 * lasted: at first as often as an agent at work (two sides started together meet at once), then
 * less and less, up to `idlePollMs`.
 */
export function pollIntervalMs(facts: PollFacts): number {
  if (facts.peer === null || facts.gone) return Math.max(facts.fastMs, Math.min(idlePollMs, facts.quietMs / 4));
  if (facts.peer.agent === 'human') return Math.max(facts.fastMs, personPollMs);
  return facts.fastMs;
}
