import { ClaimError, ConfigError } from '../../errors.js';
import { reachFaultPoint } from '../../fault-point.js';
import { RemoteError } from '../../git/remote-error.js';
import { commitFile } from '../../git/remote-ops.js';
import type { AppendResult, SectionAppend } from '../append-section.js';
import type { ClaimRecord } from '../claims/claim-role.js';
import { stateOf } from '../read-debate-file.js';
import type { HeldPush, RemoteClaim } from './held-claim.js';
import type { RemoteDebate } from './remote-debate.js';
import { withRemoteRetry, type RemoteRetry } from './remote-retry.js';

const maxAttempts = 3;

export interface RemoteAppendOptions {
  debate: RemoteDebate;
  claim: RemoteClaim;
  retry: RemoteRetry;
  /** Keeps a section this side could not write (its answer was paid for); returns where. */
  keepUnwritten(bytes: Buffer): Promise<string>;
}

/**
 * Compare-and-swap append on the remote: a commit that adds the section to the debate as this
 * side last fetched it, pushed as a fast-forward of that commit and never forced, in one atomic
 * push with this side's claim (see RemoteClaim.pushHeld), so a side whose role was taken over
 * while it was stopped never writes. A push refused because the debate moved means the peer wrote
 * first: the debate is fetched again and, as with the local file, the section is still written
 * only when the turn still stands. The mirror follows a push that went through. A remote that
 * cannot be reached, or refuses for a while, is retried (see pushSection): the section is not
 * lost for it; when this side stops with it unwritten, the section is kept where the message says.
 */
export async function appendRemote(options: RemoteAppendOptions, request: SectionAppend): Promise<AppendResult> {
  const { debate, claim, retry } = options;
  for (let attempt = 1; ; attempt++) {
    const { tip, state: current } = debate.view();
    if (current.checksum !== request.expectedChecksum && !request.stillValid(current)) return { written: false, current };
    const section = Buffer.from(request.render(current), 'utf8');
    const bytes = Buffer.concat([current.bytes, section]);
    const commit = await commitFile(debate.cwd, {
      parent: tip,
      name: debate.fileName,
      bytes,
      message: request.message ?? 'code-debate: a section',
      who: request.who ?? 'code-debate',
    });
    await reachFaultPoint('remote-append');
    const lostBefore = claim.lost();
    let pushed: HeldPush;
    try {
      pushed = lostBefore === null ? await pushSection(options, commit, tip) : { lost: lostBefore };
    } catch (error) {
      throw await keptAnswer(options, error, section);
    }
    if ('lost' in pushed) throw await lostError(options, request, pushed.lost, section);
    if (pushed.pushed) {
      await debate.advanced(commit, bytes);
      return { written: true, state: stateOf(bytes, options.debate.memory) };
    }
    await withRemoteRetry(retry, 'fetch the debate', () => debate.poll());
    if (attempt === maxAttempts) return { written: false, current: debate.view().state };
  }
}

/**
 * Pushes the section's `commit`, built on `tip` (see RemoteClaim.pushHeld), retried while the
 * remote cannot be reached. A push refused while the debate still stands at `tip` was not refused
 * because the peer wrote first: a lock, a hook's message that names no permission; it is retried
 * as an outage is, the answer kept meanwhile.
 */
function pushSection(options: RemoteAppendOptions, commit: string, tip: string | null): Promise<HeldPush> {
  const { debate, claim, retry } = options;
  return withRemoteRetry(retry, 'push the section', async () => {
    const pushed = await claim.pushHeld(commit, debate.refs.debate);
    if (!('pushed' in pushed) || pushed.pushed) return pushed;
    await debate.poll();
    if (debate.view().tip !== tip) return pushed;
    throw new RemoteError(`The remote \`${debate.remote}\` refused the section though the debate had not moved: ${pushed.reason}`, 'refused');
  });
}

/** `error`, which stopped this side with its section unwritten, saying where the agent's answer is kept. */
async function keptAnswer(options: RemoteAppendOptions, error: unknown, section: Buffer): Promise<unknown> {
  if (!(error instanceof ConfigError || error instanceof RemoteError)) return error;
  const kept = ` The agent's answer is saved in ${await options.keepUnwritten(section)}.`;
  return error instanceof ConfigError ? new ConfigError(`${error.message}${kept}`, { cause: error }) : new RemoteError(`${error.message}${kept}`, error.kind, { cause: error });
}

async function lostError(options: RemoteAppendOptions, request: SectionAppend, holder: ClaimRecord, section: Buffer): Promise<ClaimError> {
  const savedTo = await options.keepUnwritten(section);
  const what = request.heading === undefined ? 'its section' : `its ## ${request.heading}`;
  return new ClaimError(
    `The ${holder.role} role was taken over on the remote by pid ${holder.pid} on ${holder.host} while this side was stopped or cut off: ${what} was not written ` +
      `(the remote takes a section only together with its writer's claim), and the agent's answer is saved in ${savedTo}. The debate goes on there.`,
  );
}
