import { archiveRefPrefix, debateRefs } from '../../git/debate-refs.js';
import { pushRef } from '../../git/push-refs.js';

/**
 * Moves the debate `name` on `remote` aside: its commit `tip` gets a ref under
 * `refs/code-debate-archive/<name>/<time>`, then the debate ref goes, only while it is still at
 * `tip` (a side that started the next debate keeps it). Nothing is deleted before it is kept.
 * Returns the archive ref, or null when the debate had moved.
 */
export async function archiveRemoteDebate(options: { cwd: string; remote: string; name: string; tip: string }, now = new Date()): Promise<string | null> {
  const archive = `${archiveRefPrefix}${options.name}/${now.toISOString().replace(/[:.]/g, '-')}`;
  const kept = await pushRef(options.cwd, options.remote, options.tip, archive, null);
  if (!kept.pushed) return null;
  const removed = await pushRef(options.cwd, options.remote, null, debateRefs(options.name).debate, options.tip);
  return removed.pushed ? archive : null;
}
