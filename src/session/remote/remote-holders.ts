import { roleName } from '../../protocol/turn-table.js';
import { performance } from 'node:perf_hooks';
import type { Role } from '../../protocol/document.js';
import { ClaimError } from '../../errors.js';
import type { ClaimRecord } from '../claims/claim-role.js';
import { missedBeats, staleAfterMs } from '../claims/heartbeat-state.js';
import { onThisMachine } from '../on-this-machine.js';
import { isProcessAlive } from '../claims/process-alive.js';
import type { RemoteDebate } from './remote-debate.js';
import { pause, withRemoteRetry, type RemoteRetry } from './remote-retry.js';

/** A role's claim on the remote as read: its record and its commit. */
export interface HeldRole {
  role: Role;
  holder: { record: ClaimRecord; commit: string } | null;
}

/** A holder's heartbeat interval, from its claim (30 s when it names none). */
export function beatOf(record: ClaimRecord | undefined): number {
  const interval = record?.heartbeatMs;
  return typeof interval === 'number' && Number.isFinite(interval) && interval > 0 ? interval : 30_000;
}

/**
 * After how long a holder's claim that stands still on the remote is gone, by the watcher's own
 * clock: `missedBeats` of its heartbeats; for an interactive session, whose process ends with each
 * call (each call a beat), its lease (`--session-timeout`), as for a local claim (staleAfterMs).
 */
export function goneAfterMs(record: ClaimRecord | undefined): number {
  return record?.session === undefined ? missedBeats * beatOf(record) : staleAfterMs(record);
}

/** Whether `record`'s process ran on this machine and has ended: gone at once. Never an interactive session's, whose process ends with each call. */
export function endedHere(record: ClaimRecord): boolean {
  return record.session === undefined && onThisMachine(record) && !isProcessAlive(record);
}

export function describeHolder(holder: ClaimRecord): string {
  const user = typeof holder.user === 'string' ? ` of ${holder.user}` : '';
  return `the ${roleName(holder.role)} is pid ${holder.pid}${user} on ${holder.host} (agent ${holder.agent}, since ${holder.startedAt})`;
}

/** `the Reviewer (pid 4242 on host)`; for an interactive session, whose pid is its last call's, `the Reviewer (interactive session 1a2b, last called from host)`. */
function watchedHolder(role: Role, record: ClaimRecord | undefined): string {
  const session = record?.session;
  if (session !== undefined) return `the ${roleName(role)} (interactive session ${session.id}, last called from ${record?.host})`;
  return `the ${roleName(role)} (pid ${record?.pid} on ${record?.host})`;
}

/**
 * The first held role whose holder is gone: a process on this machine that ended, at once; one
 * elsewhere once its claim stays still for `missedBeats` of its heartbeats, as this side's own
 * monotonic clock measures while it watches (another machine's clock is never trusted), or is let
 * go. Null when every holder lives.
 */
export async function findGoneHolder(debate: RemoteDebate, retry: RemoteRetry, held: HeldRole[], waiting: (message: string) => void): Promise<HeldRole | null> {
  const local = held.find(({ holder }) => holder !== null && endedHere(holder.record));
  if (local) return local;
  const watched = held.filter(({ holder }) => holder !== null && (holder.record.session !== undefined || !onThisMachine(holder.record)));
  if (watched.length === 0) return null;
  const windowMs = Math.max(...watched.map(({ holder }) => goneAfterMs(holder?.record)));
  const names = watched.map(({ role, holder }) => watchedHolder(role, holder?.record)).join(' and ');
  waiting(
    `waiting up to ${Math.ceil(windowMs / 1000)} s to see whether ${names} still ${watched.length === 1 ? 'runs' : 'run'}: a claim whose heartbeat stops is taken over` +
      (watched.some(({ holder }) => holder?.record.session !== undefined) ? ", and an interactive session's once it makes no call for its --session-timeout." : '.'),
  );
  const started = performance.now();
  const alive = new Set<Role>();
  for (;;) {
    await pause(retry, Math.min(1_000, ...watched.map(({ holder }) => beatOf(holder?.record))), waitingOnClaims);
    await withRemoteRetry(retry, 'read the claims', () => debate.poll());
    for (const entry of watched) {
      const now = debate.view().refs.get(debate.refs.claim(entry.role));
      if (now === undefined) return entry;
      if (now !== entry.holder?.commit) alive.add(entry.role);
      else if (!alive.has(entry.role) && performance.now() - started >= goneAfterMs(entry.holder?.record)) return entry;
    }
    if (alive.size === watched.length) return null;
  }
}

/**
 * Waits until the sides of a finished debate have let their roles go (a side reads the
 * CONSENSUS, then exits within its poll): at most `missedBeats` of their heartbeats. A holder on
 * this machine that ended, or one whose claim stood still all along, is not waited for (its
 * claim is taken over later); one whose claim still moves is a ClaimError.
 */
export async function waitForRelease(debate: RemoteDebate, retry: RemoteRetry, held: HeldRole[], waiting: (message: string) => void): Promise<void> {
  let pending = held.filter(({ holder }) => holder !== null && !endedHere(holder.record));
  if (pending.length === 0) return;
  const windowMs = Math.max(...pending.map(({ holder }) => goneAfterMs(holder?.record)));
  waiting(
    `the debate ${debate.refs.name} on \`${debate.remote}\` has ended, and its sides still hold their roles: waiting up to ${Math.ceil(windowMs / 1000)} s for them to let go before archiving it.`,
  );
  const started = performance.now();
  const moved = new Set<Role>();
  for (;;) {
    await pause(retry, 1_000, waitingOnClaims);
    await withRemoteRetry(retry, 'read the claims', () => debate.poll());
    pending = pending.filter(({ role }) => debate.view().refs.has(debate.refs.claim(role)));
    if (pending.length === 0) return;
    for (const entry of pending) if (debate.view().refs.get(debate.refs.claim(entry.role)) !== entry.holder?.commit) moved.add(entry.role);
    if (performance.now() - started < windowMs) continue;
    const alive = pending.filter(({ role }) => moved.has(role));
    if (alive.length === 0) return;
    throw new ClaimError(
      `The debate ${debate.refs.name} on \`${debate.remote}\` has ended, but ${alive.map(({ holder }) => (holder === null ? '' : describeHolder(holder.record))).join('; ')}, and still runs. ` +
        'Start again once it has exited, or name a new debate with --debate.',
    );
  }
}

const waitingOnClaims = 'on the claims of the remote debate; nothing was written';
