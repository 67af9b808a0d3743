import os from 'node:os';
import type { Role } from '../../protocol/document.js';
import { ClaimError } from '../../errors.js';
import { pushRef } from '../../git/push-refs.js';
import type { ClaimRecord, SessionHold } from '../claims/claim-role.js';
import { claimCommit, holdClaim, type RemoteClaim } from './held-claim.js';
import { readRemoteClaim } from './read-remote-claim.js';
import type { RemoteDebate } from './remote-debate.js';
import { pidNamespace } from '../on-this-machine.js';
import { describeHolder, findGoneHolder, waitForRelease as waitForHolders, type HeldRole } from './remote-holders.js';
import { withRemoteRetry, type RemoteRetry } from './remote-retry.js';

export interface RemoteClaimOptions {
  debate: RemoteDebate;
  wanted: Role | 'auto';
  agent: (role: Role) => string;
  heartbeatMs: number;
  /** For an interactive session: its hold; a claim that names the same session id is its own, taken again (see claimRole). */
  session?: Omit<SessionHold, 'state'>;
  retry: RemoteRetry;
  /** Says what this side waits for (whether a holder is still alive), or what it does otherwise than asked. */
  warn(message: string): void;
}

const roles: readonly Role[] = ['reviewer', 'responder'];

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
    const held = await readHeld(debate, options.session === undefined ? order : roles);
    // A session's own claim, left by its last call: taken again, as the session's, before any free role.
    const own = options.session === undefined ? undefined : held.find(({ holder }) => holder?.record.session?.id === options.session?.id);
    const open = held.filter(({ role }) => order.includes(role));
    const target = own ?? open.find(({ holder }) => holder === null) ?? (await findGoneHolder(debate, options.retry, open, options.warn));
    if (target === null) throw new ClaimError(refusal(options.wanted, open));
    const record = newRecord(target.role, options.agent(target.role), options.heartbeatMs, options.session);
    const taken = await push(options, record, target.holder?.commit ?? null);
    if (taken !== null) return holdClaim({ debate, warn: options.warn }, record, taken, target.holder?.record ?? null);
    await withRemoteRetry(options.retry, 'read the claims', () => debate.poll());
  }
  throw new ClaimError(`Cannot claim a role of the debate ${debate.refs.name} on \`${debate.remote}\`: its claims kept changing. Another process is fighting for them; try again.`);
}

function newRecord(role: Role, agent: string, heartbeatMs: number, session: RemoteClaimOptions['session']): ClaimRecord {
  const now = new Date().toISOString();
  const namespace = pidNamespace();
  const record: ClaimRecord = {
    role,
    pid: process.pid,
    host: os.hostname(),
    user: userName(),
    ...(namespace === null ? {} : { pidNamespace: namespace }),
    startedAt: now,
    agent,
    heartbeatAt: now,
    heartbeatMs,
  };
  return session === undefined ? record : { ...record, session: { ...session, state: 'waiting' } };
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A uid without a passwd entry (a container run with --user): the uid says who.
    return String(process.getuid?.() ?? 'unknown');
  }
}

/** Pushes `record` as its role's claim on top of `parent` (null: creates it); the new commit, or null when the remote refused it. */
async function push(options: RemoteClaimOptions, record: ClaimRecord, parent: string | null): Promise<{ commit: string; tree: string } | null> {
  const { debate } = options;
  const made = await claimCommit(debate, record, parent, `held by pid ${record.pid} on ${record.host}`);
  const result = await withRemoteRetry(options.retry, `claim the ${record.role} role`, () => pushRef(debate.cwd, debate.remote, made.commit, debate.refs.claim(record.role)));
  return result.pushed ? made : null;
}

function refusal(wanted: Role | 'auto', held: readonly HeldRole[]): string {
  const holders = held.flatMap(({ holder }) => (holder === null ? [] : [holder.record])).sort((a, b) => (a.role === b.role ? 0 : a.role === 'reviewer' ? -1 : 1));
  const what = wanted === 'auto' ? 'Both roles of this debate are taken' : `The ${wanted} role is taken`;
  return `${what}: ${holders.map(describeHolder).join('; ')}, and still ${holders.length === 1 ? 'runs' : 'run'}. A debate has two sides; wait for it to end, stop one of them, or name another debate with --debate.`;
}
