import { endsDebate, peerOf } from '../../protocol/turn-table.js';
import { ClaimError, ConfigError } from '../../errors.js';
import { checkDebateName, debateName } from '../../git/debate-refs.js';
import { checkRemote } from '../../git/remote-ops.js';
import type { SideOutcome } from '../debate-loop.js';
import { prepareSide, runClaimedSide, type ClaimedSide } from '../run-claimed-side.js';
import type { SideOptions } from '../side-options.js';
import { saveOverwritten } from '../save-overwritten.js';
import { archiveRemoteDebate } from './archive-remote.js';
import { checkSubjectOnRemote } from './check-subject-on-remote.js';
import { agentPollMs } from './poll-plan.js';
import { claimRemoteRole, waitForRelease } from './remote-claim.js';
import { openRemoteDebate, type RemoteDebate } from './remote-debate.js';
import { withRemoteRetry, type RemoteRetry } from './remote-retry.js';
import { remoteStore } from './remote-store.js';
import { watchRemote } from './remote-watch.js';
import { countRequests } from './request-budget.js';

/** `--remote`: where the debate lives, and how this side keeps its claim there. */
export interface RemoteOptions {
  /** A remote's name or URL. */
  remote: string;
  /** `--debate <name>`, or null for the name the subject's commits and the file give. */
  debate: string | null;
  /** How often this side's claim is refreshed on the remote (`--heartbeat`). */
  heartbeatMs: number;
}

/**
 * One side of a debate that lives on a git remote (`--remote`): the subject is resolved first, to
 * name the debate both sides meet in; the remote's debate is fetched into the local file, which
 * mirrors it from then on; the role is claimed by a ref on the remote; then the loop runs as for
 * a local file, each section pushed as a commit with this side's claim (see remoteStore), the
 * remote polled while the peer thinks (see watchRemote).
 */
export async function runRemoteSession(options: SideOptions, remote: RemoteOptions, side: Omit<ClaimedSide, 'claim'>): Promise<SideOutcome> {
  await checkRemote(side.repo.root, remote.remote);
  const prepared = await prepareSide(options, side);
  const { subject } = prepared;
  if (subject.head === null) {
    throw new ConfigError(
      `Cannot debate "${subject.text}" on the remote \`${remote.remote}\`: it is ${subject.description}, which lives only in this clone. ` +
        'The other side must see the same commits: commit and push the change, then name it (e.g. `HEAD`, `the diff against main`).',
    );
  }
  const outage = { since: null as number | null };
  const retry = (deadlineMs: number): RemoteRetry => ({
    remote: remote.remote,
    deadline: () => deadlineMs,
    signal: options.signal,
    warn: (message) => options.emit({ type: 'warning', role: null, message }),
    outage,
  });
  await checkSubjectOnRemote(options, remote, retry(Date.now() + options.turnTimeoutMs), side.repo.root, { head: subject.head, text: subject.text });
  const name = remote.debate ?? debateName(subject.base, subject.head, side.relativeFile);
  const invalid = checkDebateName(name);
  if (invalid !== null) throw new ConfigError(`Cannot name a debate \`${name}\` (--debate): ${invalid}.`);
  const debate = openRemoteDebate({
    remote: remote.remote,
    name,
    cwd: side.repo.root,
    file: side.file,
    memory: side.memory.file,
    keepReplaced: async (held) => {
      const savedTo = await saveOverwritten(side.paths, side.file, held.bytes);
      options.emit({
        type: 'warning',
        role: null,
        message: `${side.relativeFile} now mirrors the debate ${name} on \`${remote.remote}\`; what it held before is saved in ${savedTo}.`,
      });
    },
  });
  const budget = countRequests(remote.remote);
  try {
    await withRemoteRetry(retry(Date.now() + options.turnTimeoutMs), 'fetch the debate', () => debate.poll());
    // A session's later call reads a finished debate as it is (its end is what it comes to learn).
    if (options.keepFinished !== true && /consensus/i.test(debate.view().state.text))
      await startFresh(options, debate, side.relativeFile, retry(Date.now() + options.turnTimeoutMs));
    const claim = await claimRemoteRole({
      debate,
      wanted: options.role,
      agent: (role) => side.specs[role],
      heartbeatMs: remote.heartbeatMs,
      ...(options.session === undefined ? {} : { session: options.session }),
      retry: retry(Date.now() + options.turnTimeoutMs),
      warn: (message) => options.emit({ type: 'warning', role: null, message }),
    });
    const outcome = await runClaimedSide(options, { ...side, claim, remote: `${remote.remote} ${debate.refs.debate}` }, async () => {
      const warn = (message: string) => options.emit({ type: 'warning', role: claim.role, message });
      const stillHeld = () => {
        const holder = claim.lost();
        if (holder !== null)
          throw new ClaimError(
            `The ${claim.role} role was taken over on the remote by pid ${holder.pid} on ${holder.host} while this side ran (its heartbeats did not reach the remote): stopped; the debate goes on there.`,
          );
      };
      await debate.startMirroring();
      const peer = peerOf(claim.role);
      const watch = watchRemote(debate, { remote: remote.remote, signal: options.signal, warn, outage }, { peer, fastMs: options.pollMs ?? agentPollMs, budget, stillHeld });
      return {
        prepared,
        watch,
        store: remoteStore({ debate, claim, watch, retry: () => retry(Date.now() + options.turnTimeoutMs), paths: side.paths, warn }),
      };
    });
    // An interactive session keeps its claim between calls (see holdClaim's release): at the debate's end it lets it go.
    if (options.session !== undefined) await claim.drop();
    return outcome;
  } finally {
    budget.stop();
    // This clone's copies of the claims went stale with their holders.
    await debate.forget().catch(() => undefined);
  }
}

/**
 * A finished debate of this name is moved aside on the remote, never deleted, so a new one
 * starts: once its sides have let their roles go, so a side still reading its end never sees it
 * vanish.
 */
async function startFresh(options: SideOptions, debate: RemoteDebate, relativeFile: string, retry: RemoteRetry): Promise<void> {
  const { parseDocument } = await import('../../protocol/parse-document.js');
  const parsed = parseDocument(debate.view().state.text);
  if (!parsed.ok || !endsDebate(parsed.document.sections.at(-1))) return;
  await waitForRelease(debate, retry, (message) => options.emit({ type: 'warning', role: null, message }));
  const { tip } = debate.view();
  const archived = tip === null ? null : await archiveRemoteDebate({ cwd: debate.cwd, remote: debate.remote, name: debate.refs.name, tip });
  await debate.poll();
  if (archived !== null) options.emit({ type: 'archived', role: null, file: relativeFile, to: `${debate.remote} ${archived}` });
}
