import { roleName } from '../../protocol/turn-table.js';
import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '../../protocol/document.js';
import { ClaimError } from '../../errors.js';
import { createExclusive } from './create-exclusive.js';
import { withFileLock } from './file-lock.js';
import { defaultHeartbeatMs, isHolderRunning } from './heartbeat-state.js';
import { makeStateDir } from '../../make-state-dir.js';
import { parseClaim } from './read-claims.js';
import { claimPath, type StatePaths } from '../state-paths.js';
import { readStateFile } from '../read-state-file.js';

// The record's types live in claim-record.ts, below both this file and the readers it calls (heartbeat-state, read-claims).
export type { ClaimProgress, ClaimRecord, SessionHold } from './claim-record.js';
import type { ClaimProgress, ClaimRecord, SessionHold } from './claim-record.js';

export interface Claim {
  role: Role;
  /** This claim's identity (see claimId): its agents carry it, so a successor can tell them from any other process. */
  readonly id: string;
  /** The dead holder this process took the role over from, if any. */
  tookOverFrom: ClaimRecord | null;
  /**
   * Records the agent now running (its start time too), or none when `agentPid` is absent: a
   * claim on a remote records it in the background, and resolves at once (its pushes are the
   * remote's time, not the agent's).
   */
  update(patch: Partial<Pick<ClaimRecord, 'agentPid'>>): Promise<void>;
  /**
   * Publishes the agent's progress (the caller bounds the rate), kept with every heartbeat after;
   * an update that names no agent clears it. On a remote it rides with the next heartbeat.
   */
  progress?(progress: ClaimProgress): Promise<void>;
  /**
   * An interactive session's call ends with its turn handed to the session: the claim it keeps
   * (its last write on release) says the session is writing.
   */
  handedOver(): void;
  /**
   * Stops the heartbeat and removes the claim if it is still ours; an interactive session's stays,
   * held until its lease runs out (see markSession).
   */
  release(): Promise<void>;
}

export interface ClaimOptions {
  paths: StatePaths;
  /** A designated role, or 'auto': Reviewer if the debate file does not exist yet. */
  wanted: Role | 'auto';
  fileExists: boolean;
  /** The agent the claim names, for the role it gets. */
  agent: string | ((role: Role) => string);
  /** How often the claim's heartbeat is refreshed (default 5 s). */
  heartbeatMs?: number;
  /** For an interactive session: its hold; a claim that names the same session id is its own, taken again. */
  session?: Omit<SessionHold, 'state'>;
  /** The claims this process holds (see ClaimsHeld), shared by every side it runs. */
  held: ClaimsHeld;
}

/**
 * The claims one process holds or is taking. A claim naming this pid that is none of them was left
 * by an earlier process that had the same pid: a restarted container numbers its processes alike.
 * Counted: two claims in one millisecond make the same record, and the one that loses must not
 * unmark the one that won. A fact of the process: made once by its entry point (the cli) and
 * given to every side it runs, which must all see it.
 */
export interface ClaimsHeld {
  hold(record: ClaimRecord): void;
  unhold(record: ClaimRecord): void;
  has(record: ClaimRecord): boolean;
}

export function createClaimsHeld(): ClaimsHeld {
  const counts = new Map<string, number>();
  const key = (record: ClaimRecord) => `${record.role} ${record.startedAt}`;
  return {
    hold: (record) => counts.set(key(record), (counts.get(key(record)) ?? 0) + 1),
    unhold: (record) => {
      const count = (counts.get(key(record)) ?? 1) - 1;
      if (count === 0) counts.delete(key(record));
      else counts.set(key(record), count);
    },
    has: (record) => counts.has(key(record)),
  };
}

function isHolderAlive(holder: ClaimRecord, held: ClaimsHeld): boolean {
  if (holder.pid === process.pid && holder.host === os.hostname()) return held.has(holder);
  return isHolderRunning(holder);
}

type Attempt = { claimed: true; record: ClaimRecord; tookOverFrom: ClaimRecord | null } | { claimed: false; holder: ClaimRecord };

/**
 * Takes a role with one atomic filesystem step per try (createExclusive on `<role>.json`), so two
 * processes started in the same instant never hold the same role. A claim whose process died on
 * this host is taken over. With 'auto', a process tries the role the file's existence gives it
 * first (docs/protocol.md), then the other one, so a restarted process gets its role back.
 */
export async function claimRole(options: ClaimOptions): Promise<Claim> {
  await makeStateDir(options.paths.gitDir, options.paths.claims);
  const byFile: Role[] = options.fileExists ? ['responder', 'reviewer'] : ['reviewer', 'responder'];
  // A restarted process takes back the role its dead predecessor held before any free one.
  const orphaned = options.wanted === 'auto' ? await findOrphanedRole(options.paths, byFile, options.held) : null;
  const own = options.session === undefined ? null : await findSessionRole(options.paths, options.session.id);
  const order: Role[] = own !== null ? [own] : options.wanted !== 'auto' ? [options.wanted] : orphaned ? [orphaned, ...byFile.filter((role) => role !== orphaned)] : byFile;
  const holders: ClaimRecord[] = [];
  for (const role of order) {
    const attempt = await tryClaim(options, role);
    if (attempt.claimed) return makeClaim(options.paths, attempt.record, attempt.tookOverFrom, options.held);
    holders.push(attempt.holder);
  }
  throw new ClaimError(refusal(options.wanted, holders, options.paths));
}

async function findOrphanedRole(paths: StatePaths, roles: readonly Role[], held: ClaimsHeld): Promise<Role | null> {
  for (const role of roles) {
    const text = await readStateFile(claimPath(paths, role)).catch(() => null);
    if (text !== null && !isHolderAlive(parseClaim(text, role), held)) return role;
  }
  return null;
}

/** The role an interactive session holds (its id in the claim), or null when it holds none. */
async function findSessionRole(paths: StatePaths, id: string): Promise<Role | null> {
  for (const role of ['reviewer', 'responder'] as const) {
    const text = await readStateFile(claimPath(paths, role)).catch(() => null);
    if (text !== null && parseClaim(text, role).session?.id === id) return role;
  }
  return null;
}

function newRecord(role: Role, agent: string, heartbeatMs: number, session: ClaimOptions['session']): ClaimRecord {
  const now = new Date().toISOString();
  const record: ClaimRecord = { role, pid: process.pid, host: os.hostname(), startedAt: now, agent, heartbeatAt: now, heartbeatMs };
  return session === undefined ? record : { ...record, session: { ...session, state: 'waiting' } };
}

async function tryClaim(options: ClaimOptions, role: Role): Promise<Attempt> {
  const file = claimPath(options.paths, role);
  const record = newRecord(role, typeof options.agent === 'string' ? options.agent : options.agent(role), options.heartbeatMs ?? defaultHeartbeatMs, options.session);
  let tookOverFrom: ClaimRecord | null = null;
  // Held from before it can appear on disk: another claim in this process that reads it before
  // createExclusive has returned must see a live holder, not a dead one to take over.
  options.held.hold(record);
  let claimed = false;
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (await createExclusive(file, JSON.stringify(record))) {
        claimed = true;
        return { claimed: true, record, tookOverFrom };
      }
      const text = await readStateFile(file).catch(() => null);
      if (text === null) continue;
      const holder = parseClaim(text, role);
      // A session's own claim, left by its last call: taken again, alive or not, as the session's.
      const again = options.session !== undefined && holder.session?.id === options.session.id;
      if (!again && isHolderAlive(holder, options.held)) return { claimed: false, holder };
      // Dead holder: remove its claim under a lock, only if it is still that same claim.
      await withFileLock(options.paths.takeoverLock, { timeoutMs: 5_000 }, async () => {
        if ((await readStateFile(file).catch(() => null)) === text) await unlink(file);
      });
      if (!again) tookOverFrom = holder;
    }
  } finally {
    if (!claimed) options.held.unhold(record);
  }
  throw new ClaimError(`Cannot claim the ${role} role: ${file} kept changing. Another process is fighting for it; try again.`);
}

/**
 * The claim this process holds. Every write (an update, a heartbeat) runs after the previous one,
 * through its own temporary file renamed over the claim, and only while the claim is still ours:
 * under the takeover lock, so a successor that took the role over is never overwritten.
 */
function makeClaim(paths: StatePaths, claimed: ClaimRecord, tookOverFrom: ClaimRecord | null, held: ClaimsHeld): Claim {
  const role = claimed.role;
  const file = claimPath(paths, role);
  let record = claimed;
  let released = false;
  let handedOver = false;
  let progress: ClaimProgress | null = null;
  const withProgress = (current: ClaimRecord): ClaimRecord => {
    const next = { ...current };
    if (progress === null) delete next.agentProgress;
    else next.agentProgress = progress;
    return next;
  };
  // Two overlapping writes of one temporary file could leave a claim that is not JSON, which reads as a dead holder.
  let updates: Promise<void> = Promise.resolve();
  const write = (change: (current: ClaimRecord) => ClaimRecord): Promise<void> => {
    const done = updates.then(async () => {
      const next = { ...change(record), heartbeatAt: new Date().toISOString() };
      await withFileLock(paths.takeoverLock, { timeoutMs: 5_000 }, async () => {
        const current = await readStateFile(file).catch(() => null);
        if (current === null || !isOurs(parseClaim(current, role), claimed)) return;
        const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        await writeFile(temporary, JSON.stringify(next));
        await rename(temporary, file);
      });
      record = next;
    });
    updates = done.catch(() => undefined);
    return done;
  };
  const heartbeat = setInterval(() => {
    // A missed beat is retried at the next one; the peer only counts several missed in a row.
    if (!released) write(withProgress).catch(() => undefined);
  }, claimed.heartbeatMs ?? defaultHeartbeatMs);
  heartbeat.unref();
  return {
    role,
    id: claimId(claimed),
    tookOverFrom,
    update: (patch) =>
      write((current) => {
        const next = withAgent(withProgress(current), patch);
        progress = next.agentProgress ?? null;
        return next;
      }),
    progress: (value) => {
      progress = value;
      return write(withProgress);
    },
    handedOver: () => {
      handedOver = true;
    },
    async release() {
      released = true;
      held.unhold(claimed);
      clearInterval(heartbeat);
      await updates;
      // The session's last call is its heartbeat: its lease runs from here.
      if (claimed.session !== undefined) return write((current) => (handedOver ? writing(current) : current)).catch(() => undefined);
      const text = await readStateFile(file).catch(() => null);
      if (text !== null && isOurs(parseClaim(text, role), claimed)) await unlink(file).catch(() => undefined);
    },
  };
}

/** A claim's identity: its role, process and start, e.g. `responder 4242 laptop 2026-01-01T10:00:00.000Z`. */
export function claimId(record: ClaimRecord): string {
  return `${record.role} ${record.pid} ${record.host} ${record.startedAt}`;
}

/** `current` with the agent now running (and since when) as `patch` says, or with none when it names none. */
export function withAgent(current: ClaimRecord, patch: Partial<Pick<ClaimRecord, 'agentPid'>>): ClaimRecord {
  const next: ClaimRecord = { ...current, ...patch };
  if (patch.agentPid === undefined) {
    // The agent's progress is its run's: an update that names no agent ends it too.
    delete next.agentPid;
    delete next.agentStartedAt;
    delete next.agentProgress;
  } else if (patch.agentPid !== current.agentPid) {
    next.agentStartedAt = new Date().toISOString();
  }
  return next;
}

/** An interactive session's claim, saying the session is writing its turn (see Claim.handedOver); any other claim as it is. */
export function writing(record: ClaimRecord): ClaimRecord {
  return record.session === undefined ? record : { ...record, session: { ...record.session, state: 'writing' } };
}

/** The same claim: this process, claimed at the same instant (a pid alone may be reused). */
function isOurs(record: ClaimRecord, claimed: ClaimRecord): boolean {
  return record.pid === claimed.pid && record.host === claimed.host && record.startedAt === claimed.startedAt;
}

function describe(holder: ClaimRecord): string {
  if (holder.session !== undefined) {
    const last = typeof holder.heartbeatAt === 'string' ? holder.heartbeatAt.slice(11, 16) : 'unknown';
    return `the ${roleName(holder.role)}, an interactive session (\`--session ${holder.session.id}\`, its last call at ${last})`;
  }
  const since = Number.isNaN(Date.parse(holder.startedAt)) ? holder.startedAt : holder.startedAt.slice(11, 16);
  const where = holder.host === os.hostname() ? '' : ` on ${holder.host}`;
  // A `cmd:` agent's whole command line would not fit the two lines.
  const agent = holder.agent.length <= 32 ? holder.agent : `${holder.agent.slice(0, 31)}…`;
  return `the ${roleName(holder.role)} pid ${holder.pid}${where} (${agent}, since ${since})`;
}

/** Two lines: who holds what, and what to do. */
function refusal(wanted: Role | 'auto', holders: ClaimRecord[], paths: StatePaths): string {
  const what = wanted === 'auto' ? 'Both roles of this debate are taken' : `The ${wanted} role is taken`;
  const files = holders.map((holder) => path.basename(claimPath(paths, holder.role))).join(' and ');
  return (
    `${what}: ${holders.map(describe).join(' and ')}.\n` + `Wait for it to end, stop one, or use another --file; if a holder no longer runs, delete ${files} in ${paths.claims}.`
  );
}
