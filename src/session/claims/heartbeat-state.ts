import { peerOf, roleName } from '../../protocol/turn-table.js';
import type { ClaimRecord } from './claim-record.js';
import { formatDuration } from '../../format-duration.js';
import { isProcessAlive } from './process-alive.js';
import { formatProgress } from '../../format-progress.js';

/** How often a side refreshes its claim's `heartbeatAt` by default. */
export const defaultHeartbeatMs = 5_000;
/** A holder that missed this many heartbeats in a row is gone. */
export const missedBeats = 3;

export const holderStates = { absent: 'absent', thinking: 'thinking', writing: 'writing', waiting: 'waiting', gone: 'gone' } as const;
export type HolderState = (typeof holderStates)[keyof typeof holderStates];

export interface HolderFacts {
  /** isProcessAlive of the holder: a process on another host counts as alive (it cannot be checked). */
  alive: boolean;
  /** Whether the holder runs on this host, so `alive` was really checked. */
  local: boolean;
  /** Time since the holder's last heartbeat; null when its claim has none (an older code-debate). */
  heartbeatAgeMs: number | null;
  /** Whether the document gives the holder the turn now. */
  hasTurn: boolean;
  now: number;
}

export interface HolderView {
  state: HolderState;
  /** Why, as a phrase: `its process ended`, `no heartbeat for 20s`, `its agent has run for 6m (pid 4350)`. */
  reason: string;
  /** How long the holder's agent has run, when one runs and its start is known. */
  agentRunningMs: number | null;
}

/** `, 412 tokens, 2.1 tokens/s so far` when the holder published what its agent wrote, else nothing. */
function progressOf(record: ClaimRecord): string {
  const text = record.agentProgress === undefined ? null : formatProgress(record.agentProgress);
  return text === null ? '' : `, ${text} so far`;
}

/** Since when the holder's agent has run: its process's start, else the start of the call it published progress for. */
function agentStart(record: ClaimRecord): number {
  const at = typeof record.agentStartedAt === 'string' ? record.agentStartedAt : record.agentProgress?.since;
  return typeof at === 'string' ? Date.parse(at) : Number.NaN;
}

/**
 * After how long without a heartbeat a holder is gone: `missedBeats` of its own interval; for an
 * interactive session, whose calls are its heartbeats (no process lives between them), its lease.
 */
export function staleAfterMs(record: ClaimRecord): number {
  const lease = record.session?.leaseMs;
  if (typeof lease === 'number' && Number.isFinite(lease) && lease > 0) return lease;
  const interval = record.heartbeatMs;
  return missedBeats * (typeof interval === 'number' && Number.isFinite(interval) && interval > 0 ? interval : defaultHeartbeatMs);
}

/** Time since `record`'s last heartbeat by the clocks' word, or null when it has none. */
export function heartbeatAgeMs(record: ClaimRecord, now: number): number | null {
  const at = typeof record.heartbeatAt === 'string' ? Date.parse(record.heartbeatAt) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, now - at);
}

/**
 * Whether the holder of a claim may still be at work: its process runs (see isProcessAlive); for
 * an interactive session, whose process ends with each call, its last call is within its lease.
 */
export function isHolderRunning(record: ClaimRecord, now = Date.now()): boolean {
  if (record.session === undefined) return isProcessAlive(record);
  const age = heartbeatAgeMs(record, now);
  return age !== null && age <= staleAfterMs(record);
}

/**
 * What the holder of a role is doing, from its claim: gone when its process ended (this host) or
 * its heartbeat is stale (any host), else thinking while its agent runs or the turn is its own,
 * else waiting. A role nobody claims is absent: not started, finished, or a plain protocol peer.
 */
export function viewHolder(record: ClaimRecord | null, facts: HolderFacts): HolderView {
  if (record === null) return { state: holderStates.absent, reason: 'nobody holds the role', agentRunningMs: null };
  if (!facts.alive) return { state: holderStates.gone, reason: 'its process ended', agentRunningMs: null };
  if (record.session !== undefined && facts.heartbeatAgeMs !== null && facts.heartbeatAgeMs > staleAfterMs(record)) {
    const silence = `its session has not called \`code-debate turn\` or \`submit\` for ${formatDuration(facts.heartbeatAgeMs)}, past its ${formatDuration(staleAfterMs(record))} (--session-timeout)`;
    return { state: holderStates.gone, reason: silence, agentRunningMs: null };
  }
  if (facts.heartbeatAgeMs !== null && facts.heartbeatAgeMs > staleAfterMs(record)) {
    const silence = `no heartbeat for ${formatDuration(facts.heartbeatAgeMs)}`;
    const reason = facts.local ? `${silence}, though pid ${record.pid} still exists: stopped (Ctrl-Z) or stuck` : silence;
    return { state: holderStates.gone, reason, agentRunningMs: null };
  }
  if (record.session !== undefined) return viewSession(record, facts);
  // A person in their editor is writing, not thinking as an agent does.
  const person = record.agent === 'human';
  const started = agentStart(record);
  const running = Number.isNaN(started) ? null : Math.max(0, facts.now - started);
  if (typeof record.agentPid === 'number') {
    if (person)
      return {
        state: holderStates.writing,
        reason: running === null ? 'a person is writing in their editor' : `a person has written in their editor for ${formatDuration(running)}`,
        agentRunningMs: running,
      };
    const reason = running === null ? `its agent runs (pid ${record.agentPid})` : `its agent has run for ${formatDuration(running)} (pid ${record.agentPid})`;
    return { state: holderStates.thinking, reason: `${reason}${progressOf(record)}`, agentRunningMs: running };
  }
  // An agent without a process of its own (a model server) is known by the progress it published.
  if (record.agentProgress !== undefined && running !== null && !person) {
    return { state: holderStates.thinking, reason: `its agent has run for ${formatDuration(running)}${progressOf(record)}`, agentRunningMs: running };
  }
  if (facts.hasTurn)
    return person
      ? { state: holderStates.writing, reason: 'a person is taking their turn', agentRunningMs: null }
      : { state: holderStates.thinking, reason: 'taking its turn', agentRunningMs: null };
  const other = roleName(peerOf(record.role));
  return { state: holderStates.waiting, reason: `waiting for the ${other}'s turn`, agentRunningMs: null };
}

/** An interactive session's state, as its last call of `turn` or `submit` left it in its claim. */
function viewSession(record: ClaimRecord, facts: HolderFacts): HolderView {
  const since = facts.heartbeatAgeMs === null ? '' : ` (its last call ${formatDuration(facts.heartbeatAgeMs)} ago)`;
  if (!facts.hasTurn) {
    const other = roleName(peerOf(record.role));
    return { state: holderStates.waiting, reason: `its session is waiting for the ${other}'s turn${since}`, agentRunningMs: null };
  }
  if (record.session?.state === 'writing') return { state: holderStates.writing, reason: `its session is writing its turn${since}`, agentRunningMs: null };
  return { state: holderStates.thinking, reason: `waiting for its session to call \`code-debate turn\`${since}`, agentRunningMs: null };
}
