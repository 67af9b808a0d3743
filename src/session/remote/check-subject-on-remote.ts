import { ConfigError } from '../../errors.js';
import { findOnRemote, pushCommandFor } from '../../git/find-on-remote.js';
import type { SideOptions } from '../side-options.js';
import { withRemoteRetry, type RemoteRetry } from './remote-retry.js';

/**
 * The other side names the subject in its own clone of the remote: a head commit the remote lacks
 * would give it another debate's name, and each side would wait for the other in a debate of its
 * own. Refused with the push that fixes it (exit 2), unless --debate names the debate both meet
 * in: then only said.
 */
export async function checkSubjectOnRemote(
  options: Pick<SideOptions, 'emit'>,
  remote: { remote: string; debate: string | null },
  retry: RemoteRetry,
  cwd: string,
  { head, text }: { head: string; text: string },
): Promise<void> {
  const found = await withRemoteRetry(retry, 'list its branches', () => findOnRemote(cwd, remote.remote, head));
  if (found === 'on') return;
  const push = await pushCommandFor(cwd, remote.remote, head);
  const where =
    found === 'absent'
      ? `is on no branch of \`${remote.remote}\``
      : `is on no branch of \`${remote.remote}\` that this clone has fetched (it has branches this clone never fetched: \`git fetch ${remote.remote}\` tells whether one holds it)`;
  const what = `${head.slice(0, 12)}, the head of "${text}", ${where}: the other side, in its own clone, cannot see it`;
  if (remote.debate !== null) {
    options.emit({ type: 'warning', role: null, message: `${what}, so it reviews another change in the debate ${remote.debate} unless it is pushed (\`${push}\`).` });
    return;
  }
  throw new ConfigError(`${what}, and would wait in a debate of its own. Push it first (\`${push}\`) and start again; or name the debate both sides meet in with --debate.`);
}
