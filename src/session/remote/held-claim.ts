import { pushRef, pushRefs, type PushResult, type RefUpdate } from '../../git/push-refs.js';
import { RemoteError } from '../../git/remote-error.js';
import { commitTree, readCommit, writeTree } from '../../git/remote-ops.js';
import { claimId, withAgent, writing, type Claim, type ClaimRecord } from '../claims/claim-role.js';
import { beatMessage, claimFile, readRemoteClaim } from './read-remote-claim.js';
import type { RemoteDebate } from './remote-debate.js';

/** What became of a push made with the claim (see RemoteClaim.pushHeld). */
export type HeldPush = { pushed: true } | { pushed: false; reason: string } | { lost: ClaimRecord };

export interface RemoteClaim extends Claim {
  /** The holder that took this role over while this side still ran, or null while the role is ours. */
  lost(): ClaimRecord | null;
  /**
   * Pushes `commit` to `ref` (a fast-forward) in one atomic push with a beat of this claim, leased
   * on the claim's last commit: the remote takes the commit only while the claim is this side's.
   * `{ pushed: false }` when `ref` moved meanwhile (the peer wrote first); `{ lost }` when the
   * claim had moved to another side, and then nothing was pushed.
   */
  pushHeld(commit: string, ref: string): Promise<HeldPush>;
  /**
   * An interactive session's claim, kept by release() for its next call: removes it (if still
   * ours) once the debate has ended, when there is nothing left to hold.
   */
  drop(): Promise<void>;
}

/** A commit of `record` as claim.json after `parent` (a blob, a tree and the commit), and its tree, which later beats reuse. */
export async function claimCommit(debate: RemoteDebate, record: ClaimRecord, parent: string | null, what: string): Promise<{ commit: string; tree: string }> {
  const tree = await writeTree(debate.cwd, claimFile, Buffer.from(`${JSON.stringify(record, null, 2)}\n`));
  return { commit: await commitTree(debate.cwd, { tree, parent, message: `code-debate: ${record.role} ${what}`, who: record.role }), tree };
}

/** How long an update of the claim waits before it is pushed (see holdClaim). */
const updateDelayMs = 1_000;

/** Whether two records say the same but for their heartbeat: a beat between them needs no new claim.json. */
function sameButBeat(a: ClaimRecord, b: ClaimRecord): boolean {
  const { heartbeatAt: _a, ...restA } = a;
  const { heartbeatAt: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

/** The same claim: this process, claimed at the same instant (a pid alone may be reused). */
function isOurs(record: ClaimRecord, claimed: ClaimRecord): boolean {
  return record.pid === claimed.pid && record.host === claimed.host && record.startedAt === claimed.startedAt;
}

/**
 * The claim this side holds, at `taken` (see claimCommit): its heartbeat pushes a new commit every
 * `heartbeatMs` (none while a push is still under way), a commit of the claim's tree as it was
 * with the time in its message: one object a beat on the remote. An update (the agent now
 * running) is pushed in the background a second later, one push after another, and so is a
 * section (see pushHeld), which carries any update still waiting: the remote's time is never the
 * agent's, and an agent that answers within the second, or an update a slow remote held back,
 * costs no push of its own. A claim push the remote refuses means the claim moved: to our own
 * commit (an earlier push landed though git reported a failure), which is adopted, or to another
 * side's, which took the role over: the claim is then lost, as `lost()` says, and nothing is
 * pushed with it any more.
 */
export function holdClaim(
  options: { debate: RemoteDebate; warn(message: string): void },
  claimed: ClaimRecord,
  taken: { commit: string; tree: string },
  tookOverFrom: ClaimRecord | null,
): RemoteClaim {
  const { debate } = options;
  const ref = debate.refs.claim(claimed.role);
  // The record the remote holds (at `tip`), and the one this side wants it to hold (an update not pushed yet).
  let record = claimed;
  let wanted = claimed;
  let pending: NodeJS.Timeout | null = null;
  let sections = 0;
  // The record claim.json holds in `tree`, which a beat that changes nothing else commits again.
  let stored = { record: claimed, tree: taken.tree };
  // The claim's commit on the remote; null once someone deleted it, for the next push to create again.
  let tip: string | null = taken.commit;
  let lost: ClaimRecord | null = null;
  let stopping = false;
  let inFlight = 0;
  let atomic = true;
  let steps: Promise<unknown> = Promise.resolve();
  const queue = <T>(step: () => Promise<T>): Promise<T> => {
    inFlight++;
    const done = steps.then(step).finally(() => inFlight--);
    // A step that fails (the remote is away) is tried again at the next beat; the peer counts several missed.
    steps = done.catch(() => undefined);
    return done;
  };

  /** After a refused claim push: whose the claim is now. True when it is still ours (adopted), false when lost. */
  const recheck = async (): Promise<boolean> => {
    await debate.poll();
    const holder = await readRemoteClaim(debate, claimed.role);
    if (holder?.commit === tip) return true;
    if (holder === null) {
      // Deleted by hand: nobody else holds the role, so the next push creates the claim again.
      tip = null;
      return true;
    }
    if (isOurs(holder.record, claimed)) {
      const read = await readCommit(debate.cwd, holder.commit);
      record = holder.record;
      tip = holder.commit;
      if (read !== null) stored = { record: holder.record, tree: read.tree };
      return true;
    }
    lost = holder.record;
    return false;
  };

  /** Pushes `next` as the claim's new commit, with `also` in the same atomic push; null when the claim moved (see recheck). */
  // Why the remote last refused our claim's push: what a section's push says when the claim had not moved but the push still failed.
  let refusedBecause: string | null = null;
  const pushClaim = async (next: ClaimRecord, also: RefUpdate | null): Promise<PushResult | null> => {
    const beat = sameButBeat(next, stored.record);
    const made = beat
      ? { commit: await commitTree(debate.cwd, { tree: stored.tree, parent: tip, message: beatMessage(next.role, next.heartbeatAt ?? ''), who: next.role }), tree: stored.tree }
      : await claimCommit(debate, next, tip, 'update');
    const own: RefUpdate = { commit: made.commit, ref, expected: tip };
    let results;
    if (also === null) results = [await pushRef(debate.cwd, debate.remote, made.commit, ref, tip)];
    else if (atomic) results = await pushRefsOrFallBack([own, also]);
    // A remote without atomic pushes: the claim first, then the section, so a lost claim still stops it (all but a moment after the check).
    else results = [await pushRef(debate.cwd, debate.remote, made.commit, ref, tip)];
    const [mine, theirs] = results;
    // Ours refused only because the other ref was: that one says why.
    if (mine !== undefined && !mine.pushed && mine.collateral === true && theirs !== undefined) return theirs;
    if (mine === undefined || !mine.pushed) {
      refusedBecause = mine?.reason ?? null;
      return null;
    }
    record = next;
    tip = made.commit;
    if (!beat) stored = { record: next, tree: made.tree };
    if (also === null) return mine;
    return theirs ?? (await pushRef(debate.cwd, debate.remote, also.commit, also.ref));
  };

  const pushRefsOrFallBack = async (updates: RefUpdate[]) => {
    try {
      return await pushRefs(debate.cwd, debate.remote, updates);
    } catch (error) {
      if (!(error instanceof RemoteError) || error.kind !== 'unsupported') throw error;
      atomic = false;
      options.warn(
        `the remote \`${debate.remote}\` takes no atomic push, so each section is pushed just after a heartbeat that checks this side still holds its role, not in the same push.`,
      );
      return [await pushRef(debate.cwd, debate.remote, updates[0]?.commit ?? null, ref, tip)];
    }
  };

  const now = (): ClaimRecord => ({ ...wanted, heartbeatAt: new Date().toISOString() });
  const beat = () =>
    queue(async () => {
      if (lost !== null || stopping) return;
      if ((await pushClaim(now(), null)) === null) await recheck();
    });
  // An update waits a moment first: an agent that answers sooner leaves nothing to push (the section's push says it all).
  const sync = () => {
    pending ??= setTimeout(() => {
      pending = null;
      queue(async () => {
        if (lost !== null || stopping || sections > 0 || sameButBeat(wanted, record)) return;
        if ((await pushClaim(now(), null)) === null) await recheck();
      }).catch(() => undefined);
    }, updateDelayMs);
    pending.unref();
  };

  const heartbeat = setInterval(() => {
    if (inFlight === 0) beat().catch(() => undefined);
  }, claimed.heartbeatMs ?? 30_000);
  heartbeat.unref();
  return {
    role: claimed.role,
    id: claimId(claimed),
    tookOverFrom,
    lost: () => lost,
    async update(patch) {
      wanted = withAgent(wanted, patch);
      sync();
    },
    handedOver() {
      wanted = writing(wanted);
    },
    async progress(progress) {
      // Rides with the next heartbeat, not a push of its own: a push every few seconds would cost
      // the remote more than the peer gains from a figure a few seconds newer.
      wanted = { ...wanted, agentProgress: progress };
    },
    pushHeld(commit, target) {
      sections++;
      return queue(async (): Promise<HeldPush> => {
        sections--;
        // Twice at most: a claim found at our own commit (a push that landed though git said it failed) is adopted, and tried again.
        for (let attempt = 0; attempt < 2; attempt++) {
          if (lost !== null) return { lost };
          const pushed = await pushClaim(now(), { commit, ref: target });
          if (pushed !== null) return pushed;
          if (!(await recheck()) && lost !== null) return { lost };
        }
        return { pushed: false, reason: refusedBecause ?? 'the claim kept moving' };
      });
    },
    async release() {
      if (claimed.session !== undefined) {
        // An interactive session's role stays its own between its calls: this call's end is its
        // last beat, from which its lease (--session-timeout) runs as the peer's clock sees it.
        await beat().catch(() => undefined);
        stopping = true;
        clearInterval(heartbeat);
        if (pending !== null) clearTimeout(pending);
        await steps;
        return;
      }
      stopping = true;
      clearInterval(heartbeat);
      if (pending !== null) clearTimeout(pending);
      await steps;
      // Only our own claim goes: the lease refuses the deletion when the ref moved (a takeover).
      if (lost === null) await pushRef(debate.cwd, debate.remote, null, ref, tip).catch(() => undefined);
    },
    async drop() {
      stopping = true;
      clearInterval(heartbeat);
      await steps;
      if (lost === null) await pushRef(debate.cwd, debate.remote, null, ref, tip).catch(() => undefined);
    },
  };
}
