import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { Role } from '../../agents/agent.js';
import { ClaimError, InterruptedError } from '../../errors.js';
import { commitFile, pushRef, readFileAt } from '../../git/remote-ops.js';
import { withAgent, type Claim, type ClaimRecord } from '../claim-role.js';
import { missedBeats } from '../heartbeat-state.js';
import { isProcessAlive } from '../process-alive.js';
import { parseClaim } from '../read-claims.js';
import type { RemoteDebate } from './remote-debate.js';
import { withRemoteRetry, type RemoteRetry } from './remote-retry.js';

export interface RemoteClaim extends Claim {
  /** The holder that took this role over while this side still ran (its heartbeat was refused), or null while the role is ours. */
  lost(): ClaimRecord | null;
}

export interface RemoteClaimOptions {
  debate: RemoteDebate;
  wanted: Role | 'auto';
  agent: (role: Role) => string;
  heartbeatMs: number;
  retry: RemoteRetry;
  /** Says that this side waits to see whether a holder is still alive. */
  waiting(message: string): void;
}

const claimFile = 'claim.json';
const roleName = (role: Role) => (role === 'reviewer' ? 'Reviewer' : 'Responder');

/** The claim on `role` as last fetched, with its commit; null when nobody holds it. */
export async function readRemoteClaim(debate: RemoteDebate, role: Role): Promise<{ record: ClaimRecord; commit: string } | null> {
  const commit = debate.view().refs.get(debate.refs.claim(role));
  if (commit === undefined) return null;
  const bytes = await readFileAt(debate.cwd, commit, claimFile);
  return { record: parseClaim(bytes?.toString('utf8') ?? '', role), commit };
}

/**
 * Takes a role of a debate on a remote by creating its claim ref, which the remote lets only one
 * side do: a push that creates a ref is refused when the ref exists. A free role is taken first,
 * in the order the debate's existence gives (as locally). A held one is taken over only when its
 * holder is gone: a process of this host that ended, or a claim that did not move for
 * `missedBeats` of its holder's heartbeats, as this side's own clock measures while it watches
 * (another host's clock is never trusted). The takeover is a commit on top of the dead claim, so
 * it too is a fast-forward, and of two sides taking over at once one wins.
 */
export async function claimRemoteRole(options: RemoteClaimOptions): Promise<RemoteClaim> {
  const { debate } = options;
  await withRemoteRetry(options.retry, 'read the debate', () => debate.poll());
  const exists = debate.view().state.text.trim() !== '';
  const order: Role[] = options.wanted !== 'auto' ? [options.wanted] : exists ? ['responder', 'reviewer'] : ['reviewer', 'responder'];
  for (let attempt = 0; attempt < 10; attempt++) {
    const held = await Promise.all(order.map(async (role) => ({ role, holder: await readRemoteClaim(debate, role) })));
    const free = held.find(({ holder }) => holder === null);
    const target = free ?? (await findGone(options, held));
    if (target === null) throw new ClaimError(refusal(options.wanted, held.map(({ holder }) => holder?.record ?? null)));
    const record = newRecord(target.role, options.agent(target.role), options.heartbeatMs);
    const taken = await push(options, record, target.holder?.commit ?? null, target.role);
    if (taken !== null) return holdClaim(options, record, taken, target.holder?.record ?? null);
    await withRemoteRetry(options.retry, 'read the claims', () => debate.poll());
  }
  throw new ClaimError(`Cannot claim a role of the debate ${debate.refs.name} on \`${debate.remote}\`: its claims kept changing. Another process is fighting for them; try again.`);
}

type Held = { role: Role; holder: { record: ClaimRecord; commit: string } | null };

/**
 * The first held role whose holder is gone. A holder on this host is checked at once; one on
 * another host is watched until its claim moves (alive) or stays still for `missedBeats` of its
 * heartbeats (gone).
 */
async function findGone(options: RemoteClaimOptions, held: Held[]): Promise<Held | null> {
  const local = held.find(({ holder }) => holder !== null && holder.record.host === os.hostname() && !isProcessAlive(holder.record));
  if (local) return local;
  const watched = held.filter(({ holder }) => holder !== null && holder.record.host !== os.hostname());
  if (watched.length === 0) return null;
  const windowMs = Math.max(...watched.map(({ holder }) => missedBeats * beatOf(holder?.record)));
  const names = watched.map(({ role, holder }) => `the ${roleName(role)} (pid ${holder?.record.pid} on ${holder?.record.host})`).join(' and ');
  options.waiting(`waiting up to ${Math.round(windowMs / 1000)} s to see whether ${names} still ${watched.length === 1 ? 'runs' : 'run'}: a claim whose heartbeat stops is taken over.`);
  const started = Date.now();
  const alive = new Set<Role>();
  for (;;) {
    for (const entry of watched) {
      const beat = missedBeats * beatOf(entry.holder?.record);
      if (!alive.has(entry.role) && Date.now() - started >= beat) return entry;
    }
    if (alive.size === watched.length) return null;
    try {
      await delay(Math.min(1_000, ...watched.map(({ holder }) => beatOf(holder?.record))), undefined, { signal: options.retry.signal });
    } catch {
      throw new InterruptedError('Interrupted while waiting to claim a role; nothing was written.');
    }
    await withRemoteRetry(options.retry, 'read the claims', () => options.debate.poll());
    for (const entry of watched) {
      if (options.debate.view().refs.get(options.debate.refs.claim(entry.role)) !== entry.holder?.commit) alive.add(entry.role);
    }
  }
}

function beatOf(record: ClaimRecord | undefined): number {
  const interval = record?.heartbeatMs;
  return typeof interval === 'number' && Number.isFinite(interval) && interval > 0 ? interval : 30_000;
}

function newRecord(role: Role, agent: string, heartbeatMs: number): ClaimRecord {
  const now = new Date().toISOString();
  return { role, pid: process.pid, host: os.hostname(), user: userName(), startedAt: now, agent, heartbeatAt: now, heartbeatMs };
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A uid without a passwd entry (a container run with --user): the uid says who.
    return String(process.getuid?.() ?? 'unknown');
  }
}

/** Pushes `record` as the role's claim on top of `parent` (null: creates it); the new commit, or null when the remote refused it. */
async function push(options: RemoteClaimOptions, record: ClaimRecord, parent: string | null, role: Role): Promise<string | null> {
  const { debate } = options;
  const commit = await commitFile(debate.cwd, {
    parent,
    name: claimFile,
    bytes: Buffer.from(`${JSON.stringify(record, null, 2)}\n`),
    message: `code-debate: ${role} held by pid ${record.pid} on ${record.host}`,
    who: role,
  });
  const result = await withRemoteRetry(options.retry, `claim the ${role} role`, () => pushRef(debate.cwd, debate.remote, commit, debate.refs.claim(role)));
  return result.pushed ? commit : null;
}

/**
 * The claim this side holds: its heartbeat pushes a new commit every `heartbeatMs`; an update (the
 * agent now running) is pushed at once, one push after another. A heartbeat the remote refuses
 * means another side took the role over: the claim is lost, and said so by `lost()`.
 */
function holdClaim(options: RemoteClaimOptions, claimed: ClaimRecord, commit: string, tookOverFrom: ClaimRecord | null): RemoteClaim {
  const { debate } = options;
  const ref = debate.refs.claim(claimed.role);
  let record = claimed;
  let tip = commit;
  let lost: ClaimRecord | null = null;
  let released = false;
  let pushes: Promise<void> = Promise.resolve();
  const write = (change: (current: ClaimRecord) => ClaimRecord): Promise<void> => {
    const done = pushes.then(async () => {
      if (lost !== null || released) return;
      const next = { ...change(record), heartbeatAt: new Date().toISOString() };
      const made = await commitFile(debate.cwd, { parent: tip, name: claimFile, bytes: Buffer.from(`${JSON.stringify(next, null, 2)}\n`), message: `code-debate: ${claimed.role} heartbeat`, who: claimed.role });
      const result = await pushRef(debate.cwd, debate.remote, made, ref);
      if (result.pushed) {
        record = next;
        tip = made;
        return;
      }
      await debate.poll().catch(() => undefined);
      const holder = await readRemoteClaim(debate, claimed.role);
      if (holder !== null && holder.commit !== tip) lost = holder.record;
    });
    // A beat that fails (the remote is away) is tried again at the next one; the peer counts several missed.
    pushes = done.catch(() => undefined);
    return done;
  };
  const heartbeat = setInterval(() => void write((current) => current).catch(() => undefined), claimed.heartbeatMs ?? 30_000);
  heartbeat.unref();
  return {
    role: claimed.role,
    tookOverFrom,
    lost: () => lost,
    update: (patch) => write((current) => withAgent(current, patch)),
    async release() {
      clearInterval(heartbeat);
      await pushes;
      released = true;
      // Only our own claim goes: the lease refuses the deletion when the ref moved (a takeover).
      if (lost === null) await pushRef(debate.cwd, debate.remote, null, ref, tip).catch(() => undefined);
    },
  };
}

function describe(holder: ClaimRecord): string {
  const user = typeof holder.user === 'string' ? ` of ${holder.user}` : '';
  return `the ${roleName(holder.role)} is pid ${holder.pid}${user} on ${holder.host} (agent ${holder.agent}, since ${holder.startedAt})`;
}

function refusal(wanted: Role | 'auto', holders: ReadonlyArray<ClaimRecord | null>): string {
  const held = holders.filter((holder): holder is ClaimRecord => holder !== null).sort((a, b) => (a.role === b.role ? 0 : a.role === 'reviewer' ? -1 : 1));
  const what = wanted === 'auto' ? 'Both roles of this debate are taken' : `The ${wanted} role is taken`;
  return `${what}: ${held.map(describe).join('; ')}, and still ${held.length === 1 ? 'runs' : 'run'}. A debate has two sides; wait for it to end, stop one of them, or name another debate with --debate.`;
}
