import { classifyRemoteFailure, RemoteError } from './remote-error.js';
import { failure, lastLines, talk } from './remote-talk.js';

export type PushResult = { pushed: true } | { pushed: false; reason: string; collateral?: true };

/** One ref a push sets (or deletes, for a null commit). */
export interface RefUpdate {
  commit: string | null;
  ref: string;
  /** The commit `ref` must hold on the remote (null: it must not exist), checked by the remote as it takes the push; absent: any commit `commit` fast-forwards. */
  expected?: string | null;
}

/** git's words for a ref that moved before this push landed: checked on the client, or found by the remote as it locked the ref. */
const movedMeanwhile =
  /\[rejected\]|stale info|fetch first|non-fast-forward|already exists|is at \S+ but expected|incorrect old value|cannot lock ref|failed to update ref|failed to lock/;
/** A ref of an atomic push refused only because another one was: the other one says why. */
const collateral = /atomic push failed|atomic transaction failed/;

/**
 * Pushes `commit` to `ref` on `remote` (or deletes `ref`, for a null commit), never forced: a ref
 * that moved meanwhile (not a fast-forward, or not at `expected` when a lease is given, or moved
 * by another push as the remote took this one) is refused, which is how two sides learn that the
 * other wrote first. A refusal is a result; a remote that cannot be reached or refuses this user
 * is a RemoteError.
 */
export async function pushRef(cwd: string, remote: string, commit: string | null, ref: string, expected?: string | null): Promise<PushResult> {
  const [result] = await pushRefs(cwd, remote, [{ commit, ref, ...(expected === undefined ? {} : { expected }) }]);
  if (result === undefined) throw new Error('Invariant broken: a push of one ref gave no result.');
  return result;
}

/**
 * Pushes several refs at once, as pushRef pushes one, atomically (`git push --atomic`): the remote
 * takes all of them or none. Each ref's result, in the order given; one refused only because
 * another was is `collateral`. A remote that takes no atomic push is a RemoteError of kind
 * `unsupported`.
 */
export async function pushRefs(cwd: string, remote: string, updates: readonly RefUpdate[]): Promise<PushResult[]> {
  const leases = updates.flatMap(({ ref, expected }) => (expected === undefined ? [] : [`--force-with-lease=${ref}:${expected ?? ''}`]));
  const atomic = updates.length > 1 ? ['--atomic'] : [];
  const refspecs = updates.map(({ commit, ref }) => `${commit ?? ''}:${ref}`);
  const result = await talk(cwd, remote, ['push', '--porcelain', '--no-verify', ...atomic, ...leases, remote, ...refspecs]);
  if (atomic.length > 0 && /does not support --atomic/i.test(result.stderr)) {
    throw new RemoteError(`Cannot push ${updates.map(({ ref }) => ref).join(' and ')} in one atomic push: the remote \`${remote}\` does not take atomic pushes.`, 'unsupported', {
      cause: result,
    });
  }
  // --porcelain: `<flag>\t<from>:<to>\t<summary> (<reason>)`, `!` for a ref that was not updated.
  const lines = result.stdout.split('\n');
  return updates.map(({ ref }) => {
    const line = lines.find((entry) => entry.includes(`:${ref}\t`) || entry.endsWith(`:${ref}`));
    if (line === undefined) {
      if (result.exitCode === 0) return { pushed: true };
      throw failure(remote, `push ${ref}`, result);
    }
    if (!line.startsWith('!')) return { pushed: true };
    const summary = (line.split('\t')[2] ?? '').trim();
    if (collateral.test(summary)) return { pushed: false, reason: summary, collateral: true };
    const why = `${summary} ${result.stderr}`;
    // `[remote rejected] (failed to update ref)` with `cannot lock ref ...: reference already exists`: two pushes raced on the remote.
    if (movedMeanwhile.test(why) && classifyRemoteFailure(why) !== 'denied') return { pushed: false, reason: summary };
    // An atomic push is refused as a whole: its refs are named together.
    const refs = updates.map((update) => update.ref).join(' and ');
    throw new RemoteError(`Cannot push ${refs} to the remote \`${remote}\`: ${`${summary} ${lastLines(result.stderr)}`.trim()}`, classifyRemoteFailure(why), { cause: result });
  });
}
