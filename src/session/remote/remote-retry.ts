import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, InterruptedError } from '../../errors.js';
import { RemoteError } from '../../git/remote-error.js';
import { formatDuration } from '../../format-duration.js';

/** How a side rides out a remote that cannot be reached for a while. */
export interface RemoteRetry {
  remote: string;
  /** When to give up (epoch ms): --turn-timeout from when the wait began. */
  deadline(): number;
  signal: AbortSignal;
  /** Says that the remote is unreachable and that this side retries, or that it answers again. */
  warn(message: string): void;
  /** Whether the remote is known unreachable now: said once an outage, and once when it ends. */
  outage: { since: number | null };
}

const firstDelayMs = 1_000;
const maxDelayMs = 15_000;

/**
 * Runs `step` (one talk with the remote), again and again with back-off while the remote cannot
 * be reached, or refuses for a reason that may pass (a hook's message, a lock), until the
 * deadline: nothing is lost meanwhile, and the user is told once. A remote that refuses this user
 * is a ConfigError (exit 2): no waiting helps, the permission must change.
 */
export async function withRemoteRetry<T>(retry: RemoteRetry, what: string, step: () => Promise<T>): Promise<T> {
  for (let wait = firstDelayMs; ; wait = Math.min(maxDelayMs, wait * 2)) {
    try {
      const result = await step();
      noteReachable(retry);
      return result;
    } catch (error) {
      if (!(error instanceof RemoteError)) throw error;
      if (error.kind === 'denied' || error.kind === 'invalid') throw refusedError(retry.remote, what, error);
      if (error.kind !== 'unreachable' && error.kind !== 'refused') throw error;
      const doing =
        error.kind === 'refused' ? `It names no permission, so it may pass (a hook's message, a lock). Retrying to ${what} with back-off` : `Retrying to ${what} with back-off`;
      const since = noteUnreachable(retry, error, doing);
      const left = retry.deadline() - Date.now();
      if (left <= 0) {
        const check = error.kind === 'refused' ? 'ask whoever runs the remote what its refusal means' : 'check the network and the remote';
        throw new RemoteError(
          `${error.message}. Gave up after ${formatDuration(Date.now() - since)} (--turn-timeout): ${check}, then start code-debate again; it resumes from the remote.`,
          error.kind,
          { cause: error },
        );
      }
      await pause(retry, Math.min(wait, left), `for the remote \`${retry.remote}\`; nothing partial was written`);
    }
  }
}

/** Waits `ms`, or ends the wait with an InterruptedError saying what was waited for when the side is interrupted. */
export async function pause(retry: Pick<RemoteRetry, 'signal'>, ms: number, waitingFor: string): Promise<void> {
  try {
    await delay(ms, undefined, { signal: retry.signal });
  } catch {
    throw new InterruptedError(`Interrupted while waiting ${waitingFor}.`);
  }
}

/** The remote answered: an outage, if there was one, is over, and the user is told. */
export function noteReachable(retry: Pick<RemoteRetry, 'remote' | 'warn' | 'outage'>): void {
  if (retry.outage.since === null) return;
  retry.warn(`the remote \`${retry.remote}\` answers again, after ${formatDuration(Date.now() - retry.outage.since)}; going on.`);
  retry.outage.since = null;
}

/** The remote did not answer: the first time of an outage the user is told what this side does about it. Returns when the outage began. */
export function noteUnreachable(retry: Pick<RemoteRetry, 'warn' | 'outage'>, error: RemoteError, doing: string): number {
  if (retry.outage.since !== null) return retry.outage.since;
  retry.outage.since = Date.now();
  retry.warn(`${error.message}. ${doing} until --turn-timeout; nothing is lost meanwhile.`);
  return retry.outage.since;
}

/** A remote that refuses this user, or that is not one git can use: exit 2, with what to change. */
export function refusedError(remote: string, what: string, error: RemoteError): ConfigError {
  if (error.kind === 'invalid') {
    return new ConfigError(
      `Cannot ${what} on the remote \`${remote}\`: ${error.message.replace(/^Cannot [^:]+: /, '')}. ` +
        'Check its URL (`git remote -v`), and that git trusts its host key or certificate (`git ls-remote ' +
        remote +
        '` shows the same error).',
      { cause: error },
    );
  }
  return new ConfigError(
    `The remote \`${remote}\` refused to let this side ${what}: ${error.message.replace(/^Cannot [^:]+: /, '')}. ` +
      `A debate on a remote needs permission to fetch and push refs under refs/code-debate/ (see "With a forge" in docs/two-machines.md): ask for it, or choose another --remote.`,
    { cause: error },
  );
}
