import { peerOf } from '../protocol/turn-table.js';
import os from 'node:os';
import type { Role } from '../protocol/document.js';
import type { ClaimRecord } from './claims/claim-role.js';
import { holderStates, isHolderRunning, viewHolder, type HolderState } from './claims/heartbeat-state.js';
import type { EventSink } from './side-events.js';

export interface PeerWatchOptions {
  /** The claim on a role as it is now (see DebateStore.readPeerClaim). */
  readPeer(role: Role): Promise<ClaimRecord | null>;
  /** Reads the claims afresh, where `readPeer` gives them as last read (see DebateStore.refreshClaims). */
  refresh?(): Promise<void>;
  /** When the claims `readPeer` gives were read (see DebateStore.claimsReadAt); default: now, for claims read as they are. */
  readAt?(): number;
  /** This side's role; the peer holds the other one. */
  role: Role;
  emit: EventSink;
  /** How often the peer's claim is read while this side waits (default 1 s). */
  checkMs?: number;
  /** How often a peer still at its turn is mentioned again (default 5 min). */
  remindMs?: number;
  now?: () => number;
}

export interface PeerWatch {
  /**
   * Checks the peer now and every `checkMs` until `step` settles, reporting what changed.
   * `peerHasTurn` (default true) says whether the document gives the peer the turn meanwhile;
   * what changed is said only while `stillWaiting` says the debate is as the step began: a peer
   * that wrote its section and then ended (the debate's end) is neither gone nor departed.
   */
  during<T>(step: Promise<T>, how?: StepWatch): Promise<T>;
}

export interface StepWatch {
  peerHasTurn?: boolean;
  stillWaiting?: () => Promise<boolean>;
}

/**
 * Watches the peer's claim through each step of this side (its waits, its turns), and reports a
 * `peer-state` event when what the claim says changes: the peer comes, goes, comes back, takes
 * its turn or waits for ours. Only on a change (and a reminder every `remindMs` while it thinks),
 * so a long turn does not flood the terminal. It only reports: a gone peer is restarted by its
 * user and takes its role back, and --turn-timeout still bounds the wait.
 */
export function watchPeer(options: PeerWatchOptions): PeerWatch {
  const peer = peerOf(options.role);
  const now = options.now ?? Date.now;
  const checkMs = options.checkMs ?? 1_000;
  const remindMs = options.remindMs ?? 5 * 60_000;
  let last: { state: HolderState; holder: string | null; at: number } | null = null;
  let beat: Beat | null = null;

  const look = async (hasTurn: boolean) => {
    const record = await options.readPeer(peer);
    const time = now();
    // A heartbeat stood still for as long as the reads of the claim show it, not for as long as this side has checked a claim read once.
    const readAt = Math.min(time, options.readAt?.() ?? time);
    beat = seenBeat(beat, record, readAt);
    const view = viewHolder(record, {
      // A session's lease is aged below, as any heartbeat: only a process is checked here.
      alive: record !== null && (record.session !== undefined || isHolderRunning(record)),
      local: record?.host === os.hostname(),
      heartbeatAgeMs: beat === null ? null : readAt - beat.seenAt,
      hasTurn,
      now: time,
    });
    return { record, time, view, changed: last === null || last.state !== view.state || last.holder !== holderOf(record) };
  };
  const check = async (active: () => boolean, hasTurn: boolean, stillWaiting: () => Promise<boolean>) => {
    let seen = await look(hasTurn);
    // A peer about to be said gone or departed is looked at afresh: claims read a while ago may be older than its end.
    if (seen.changed && last !== null && (seen.view.state === holderStates.gone || seen.view.state === holderStates.absent) && options.refresh) {
      await options.refresh();
      seen = await look(hasTurn);
    }
    const { record, time, view, changed } = seen;
    // An interactive session's pid is its last call's, long ended: it names nothing to look at.
    const pid = record === null || record.session !== undefined ? null : record.pid;
    const working = view.state === holderStates.thinking || view.state === holderStates.writing;
    const remind = last !== null && !changed && working && time - last.at >= remindMs;
    if (!active() || ((changed || remind) && !(await stillWaiting()))) return;
    if (changed || remind) {
      const previous = last?.state ?? null;
      last = { state: view.state, holder: holderOf(record), at: time };
      // Reported from the first look (the status line shows the peer at work); a log says nothing of a peer found at work.
      options.emit({ type: 'peer-state', role: options.role, peer, state: view.state, previous, peerPid: pid, peerHost: record?.host ?? null, reason: view.reason });
    }
  };

  return {
    async during(step, { peerHasTurn = true, stillWaiting = async () => true } = {}) {
      let active = true;
      let checking: Promise<void> | null = null;
      const tick = () => {
        // A check still reading when the next tick comes is not stacked on.
        checking ??= check(() => active, peerHasTurn, stillWaiting)
          .catch(() => undefined)
          .finally(() => (checking = null));
      };
      tick();
      const timer = setInterval(tick, checkMs);
      timer.unref();
      try {
        return await step;
      } finally {
        active = false;
        clearInterval(timer);
        await checking;
      }
    },
  };
}

/** Who holds the claim: its process, or an interactive session, whose every call is a new process. */
function holderOf(record: ClaimRecord | null): string | null {
  if (record === null) return null;
  return record.session === undefined ? `pid ${record.pid}` : `session ${record.session.id}`;
}

interface Beat {
  /** The claim's `heartbeatAt`, as written. */
  at: string;
  /** When this host saw that heartbeat appear, by its own clock. */
  seenAt: number;
}

/**
 * Heartbeats are aged by this host's clock from the read that first showed each, so another host's
 * clock running fast cannot keep a dead peer alive, and a claim read seldom (a remote's, polled)
 * is not taken for one that stood still between two reads. At first sight, the heartbeat's own
 * time is all there is (never in the future).
 */
function seenBeat(previous: Beat | null, record: ClaimRecord | null, time: number): Beat | null {
  const at = record?.heartbeatAt;
  if (typeof at !== 'string') return null;
  if (previous?.at === at) return previous;
  const stamped = Date.parse(at);
  return { at, seenAt: previous === null && !Number.isNaN(stamped) ? Math.min(time, stamped) : time };
}
