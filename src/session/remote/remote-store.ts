import { formatDuration } from '../../format-duration.js';
import type { DebateStore } from '../debate-store.js';
import { saveOverwritten } from '../save-overwritten.js';
import type { StatePaths } from '../state-paths.js';
import type { RemoteClaim } from './held-claim.js';
import { readRemoteClaim } from './read-remote-claim.js';
import { appendRemote } from './remote-append.js';
import type { RemoteDebate } from './remote-debate.js';
import type { RemoteRetry } from './remote-retry.js';
import type { RemoteWatch } from './remote-watch.js';
import { sayWhenSlow, slowRemoteMs } from './slow-remote.js';

export interface RemoteStoreOptions {
  debate: RemoteDebate;
  claim: RemoteClaim;
  watch: RemoteWatch;
  /** How a push rides out the remote, from now until --turn-timeout. */
  retry(): RemoteRetry;
  paths: StatePaths;
  warn(message: string): void;
}

/**
 * Where a side's sections go and where it reads the peer's claim, for a debate on a remote: each
 * section pushed with this side's claim (see appendRemote), the time the remote took said apart
 * from the agent's; the claims as last polled, and read afresh on demand.
 */
export function remoteStore({ debate, claim, watch, retry, paths, warn }: RemoteStoreOptions): DebateStore {
  return {
    async append(request) {
      const keepUnwritten = (bytes: Buffer) => saveOverwritten(paths, `unwritten-${debate.fileName}`, bytes);
      const started = Date.now();
      const what = request.heading === undefined ? 'the section' : `## ${request.heading}`;
      const result = await sayWhenSlow(appendRemote({ debate, claim, retry: retry(), keepUnwritten }, request), () =>
        warn(
          `waiting for the remote \`${debate.remote}\` to take ${what}: it has not answered for ${formatDuration(slowRemoteMs)}. The agent's answer is kept; --turn-timeout bounds the wait.`,
        ),
      );
      // The loop reads the mirror next: it must hold what the remote holds, whoever touched it.
      if (!result.written) await debate.remirror();
      watch.nudge();
      return result.written ? { ...result, remoteMs: Date.now() - started } : result;
    },
    readPeerClaim: async (role) => (await readRemoteClaim(debate, role))?.record ?? null,
    // A remote that does not answer leaves the claims as last read: the next check looks again.
    refreshClaims: () =>
      debate.poll().then(
        () => undefined,
        () => undefined,
      ),
    claimsReadAt: () => debate.view().readAt,
    restoreCommand(seen) {
      const commit = debate.commitOf(seen.checksum);
      if (commit === null) return null;
      // Only over what the ref holds now, which the lease names: a debate started there since is never replaced unseen.
      const { tip } = debate.view();
      const lease = tip === null ? '' : ` --force-with-lease=${debate.refs.debate}:${tip}`;
      return `git push${lease} ${debate.remote} ${commit}:${debate.refs.debate}`;
    },
  };
}
