import os from 'node:os';
import type { Role } from '../../protocol/document.js';
import { ClaimError } from '../../errors.js';
import { commitFile, pushRef, readFileAt } from '../../git/remote-ops.js';
import { withAgent, type Claim, type ClaimRecord } from '../claims/claim-role.js';
import { parseClaim } from '../claims/read-claims.js';
import type { RemoteDebate } from './remote-debate.js';
import { describeHolder, findGoneHolder, pidNamespace, waitForRelease as waitForHolders, type HeldRole } from './remote-holders.js';
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
const roles: readonly Role[] = ['reviewer', 'responder'];

/** The claim on `role` as last fetched, with its commit; null when nobody holds it. */
export async function readRemoteClaim(debate: RemoteDebate, role: Role): Promise<{ record: ClaimRecord; commit: string } | null> {
  const commit = debate.view().refs.get(debate.refs.claim(role));
  if (commit === undefined) return null;
  return { record: await readClaimAt(debate.cwd, commit, role), commit };
}

/** The claim record a claim commit holds (one not code-debate's reads as naming no process, see parseClaim). */
export async function readClaimAt(cwd: string, commit: string, role: Role): Promise<ClaimRecord> {
  return parseClaim((await readFileAt(cwd, commit, claimFile))?.toString('utf8') ?? '', role);
}

async function readHeld(debate: RemoteDebate, order: readonly Role[]): Promise<HeldRole[]> {
  return Promise.all(order.map(async (role) => ({ role, holder: await readRemoteClaim(debate, role) })));
}

/** Before a finished debate is archived, its sides let their roles go (see remote-holders' waitForRelease). */
export async function waitForRelease(debate: RemoteDebate, retry: RemoteRetry, waiting: (message: string) => void): Promise<void> {
  await waitForHolders(debate, retry, await readHeld(debate, roles), waiting);
}

/**
 * Takes a role of a debate on a remote by creating its claim ref, which the remote lets only one
 * side do: a push that creates a ref is refused when the ref exists. A free role is taken first,
 * in the order the debate's existence gives (as locally). A held one is taken over only when its
 * holder is gone (see findGoneHolder): the takeover is a commit on top of the dead claim, so it
 * too is a fast-forward, and of two sides taking over at once one wins.
 */
export async function claimRemoteRole(options: RemoteClaimOptions): Promise<RemoteClaim> {
  const { debate } = options;
  await withRemoteRetry(options.retry, 'read the debate', () => debate.poll());
  const exists = debate.view().state.text.trim() !== '';
  const order: Role[] = options.wanted !== 'auto' ? [options.wanted] : exists ? ['responder', 'reviewer'] : ['reviewer', 'responder'];
  for (let attempt = 0; attempt < 10; attempt++) {
    const held = await readHeld(debate, order);
    const target = held.find(({ holder }) => holder === null) ?? (await findGoneHolder(debate, options.retry, held, options.waiting));
    if (target === null) throw new ClaimError(refusal(options.wanted, held));
    const record = newRecord(target.role, options.agent(target.role), options.heartbeatMs);
    const taken = await push(options, record, target.holder?.commit ?? null);
    if (taken !== null) return holdClaim(options, record, taken, target.holder?.record ?? null);
    await withRemoteRetry(options.retry, 'read the claims', () => debate.poll());
  }
  throw new ClaimError(`Cannot claim a role of the debate ${debate.refs.name} on \`${debate.remote}\`: its claims kept changing. Another process is fighting for them; try again.`);
}

function newRecord(role: Role, agent: string, heartbeatMs: number): ClaimRecord {
  const now = new Date().toISOString();
  const namespace = pidNamespace();
  return { role, pid: process.pid, host: os.hostname(), user: userName(), ...(namespace === null ? {} : { pidNamespace: namespace }), startedAt: now, agent, heartbeatAt: now, heartbeatMs };
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A uid without a passwd entry (a container run with --user): the uid says who.
    return String(process.getuid?.() ?? 'unknown');
  }
}

function claimCommit(debate: RemoteDebate, record: ClaimRecord, parent: string | null, what: string): Promise<string> {
  return commitFile(debate.cwd, { parent, name: claimFile, bytes: Buffer.from(`${JSON.stringify(record, null, 2)}\n`), message: `code-debate: ${record.role} ${what}`, who: record.role });
}

/** Pushes `record` as its role's claim on top of `parent` (null: creates it); the new commit, or null when the remote refused it. */
async function push(options: RemoteClaimOptions, record: ClaimRecord, parent: string | null): Promise<string | null> {
  const { debate } = options;
  const commit = await claimCommit(debate, record, parent, `held by pid ${record.pid} on ${record.host}`);
  const result = await withRemoteRetry(options.retry, `claim the ${record.role} role`, () => pushRef(debate.cwd, debate.remote, commit, debate.refs.claim(record.role)));
  return result.pushed ? commit : null;
}

/** The same claim: this process, claimed at the same instant (a pid alone may be reused). */
function isOurs(record: ClaimRecord, claimed: ClaimRecord): boolean {
  return record.pid === claimed.pid && record.host === claimed.host && record.startedAt === claimed.startedAt;
}

/**
 * The claim this side holds: its heartbeat pushes a new commit every `heartbeatMs` (none while a
 * push is still under way); an update (the agent now running) is pushed at once, one push after
 * another. A push the remote refuses means the claim moved: to our own commit (an earlier push
 * landed though git reported a failure), which is adopted, or to another side's, which took the
 * role over: the claim is then lost, as `lost()` says.
 */
function holdClaim(options: RemoteClaimOptions, claimed: ClaimRecord, commit: string, tookOverFrom: ClaimRecord | null): RemoteClaim {
  const { debate } = options;
  const ref = debate.refs.claim(claimed.role);
  let record = claimed;
  let tip = commit;
  let lost: ClaimRecord | null = null;
  let stopping = false;
  let inFlight = 0;
  let pushes: Promise<void> = Promise.resolve();
  const write = (change: (current: ClaimRecord) => ClaimRecord): Promise<void> => {
    inFlight++;
    const done = pushes
      .then(async () => {
        if (lost !== null || stopping) return;
        const next = { ...change(record), heartbeatAt: new Date().toISOString() };
        const made = await claimCommit(debate, next, tip, 'heartbeat');
        if ((await pushRef(debate.cwd, debate.remote, made, ref)).pushed) {
          record = next;
          tip = made;
          return;
        }
        await debate.poll();
        const holder = await readRemoteClaim(debate, claimed.role);
        if (holder === null || holder.commit === tip) return;
        if (isOurs(holder.record, claimed)) {
          record = holder.record;
          tip = holder.commit;
        } else {
          lost = holder.record;
        }
      })
      .finally(() => inFlight--);
    // A beat that fails (the remote is away) is tried again at the next one; the peer counts several missed.
    pushes = done.catch(() => undefined);
    return done;
  };
  const heartbeat = setInterval(() => {
    if (inFlight === 0) write((current) => current).catch(() => undefined);
  }, claimed.heartbeatMs ?? 30_000);
  heartbeat.unref();
  return {
    role: claimed.role,
    tookOverFrom,
    lost: () => lost,
    update: (patch) => write((current) => withAgent(current, patch)),
    async release() {
      stopping = true;
      clearInterval(heartbeat);
      await pushes;
      // Only our own claim goes: the lease refuses the deletion when the ref moved (a takeover).
      if (lost === null) await pushRef(debate.cwd, debate.remote, null, ref, tip).catch(() => undefined);
    },
  };
}

function refusal(wanted: Role | 'auto', held: readonly HeldRole[]): string {
  const holders = held.flatMap(({ holder }) => (holder === null ? [] : [holder.record])).sort((a, b) => (a.role === b.role ? 0 : a.role === 'reviewer' ? -1 : 1));
  const what = wanted === 'auto' ? 'Both roles of this debate are taken' : `The ${wanted} role is taken`;
  return `${what}: ${holders.map(describeHolder).join('; ')}, and still ${holders.length === 1 ? 'runs' : 'run'}. A debate has two sides; wait for it to end, stop one of them, or name another debate with --debate.`;
}
