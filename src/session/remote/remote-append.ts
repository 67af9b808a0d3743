import { commitFile, pushRef } from '../../git/remote-ops.js';
import type { AppendResult, SectionAppend } from '../append-section.js';
import { stateOf } from '../read-debate-file.js';
import type { RemoteDebate } from './remote-debate.js';
import { withRemoteRetry, type RemoteRetry } from './remote-retry.js';

const maxAttempts = 3;

/**
 * Compare-and-swap append on the remote: a commit that adds the section to the debate as this
 * side last fetched it, pushed as a fast-forward of that commit and never forced. A push the
 * remote refuses means the peer wrote first: the debate is fetched again and, as with the local
 * file, the section is still written only when the turn still stands. The mirror follows a push
 * that went through. A remote that cannot be reached is retried (see withRemoteRetry): the
 * section is not lost for it.
 */
export async function appendRemote(debate: RemoteDebate, request: SectionAppend, retry: RemoteRetry): Promise<AppendResult> {
  for (let attempt = 1; ; attempt++) {
    const { tip, state: current } = debate.view();
    if (current.checksum !== request.expectedChecksum && !request.stillValid(current)) return { written: false, current };
    const bytes = Buffer.concat([current.bytes, Buffer.from(request.render(current), 'utf8')]);
    const commit = await commitFile(debate.cwd, { parent: tip, name: debate.fileName, bytes, message: request.message ?? 'code-debate: a section', who: request.who ?? 'code-debate' });
    const pushed = await withRemoteRetry(retry, 'push the section', () => pushRef(debate.cwd, debate.remote, commit, debate.refs.debate));
    if (pushed.pushed) {
      await debate.advanced(commit, bytes);
      return { written: true, state: stateOf(bytes) };
    }
    await withRemoteRetry(retry, 'fetch the debate', () => debate.poll());
    if (attempt === maxAttempts) return { written: false, current: debate.view().state };
  }
}
