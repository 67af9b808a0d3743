import { archiveRefPrefix } from '../../git/debate-refs.js';
import { pushRef } from '../../git/remote-ops.js';
import type { RemoteDebate } from './remote-debate.js';

/**
 * Moves the finished debate on the remote aside: its commit gets a ref under
 * `refs/code-debate-archive/<name>/<time>`, then the debate ref goes, only while it is still at
 * that commit (a side that started the next debate keeps it). Nothing is deleted before it is
 * kept. Returns the archive ref, or null when the debate had moved.
 */
export async function archiveRemoteDebate(debate: RemoteDebate, now = new Date()): Promise<string | null> {
  const { tip } = debate.view();
  if (tip === null) return null;
  const archive = `${archiveRefPrefix}${debate.refs.name}/${now.toISOString().replace(/[:.]/g, '-')}`;
  const kept = await pushRef(debate.cwd, debate.remote, tip, archive, null);
  if (!kept.pushed) return null;
  const removed = await pushRef(debate.cwd, debate.remote, null, debate.refs.debate, tip);
  await debate.poll();
  return removed.pushed ? archive : null;
}
