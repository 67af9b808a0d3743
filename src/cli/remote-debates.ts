import { ConfigError } from '../errors.js';
import { debateRefPrefix } from '../git/debate-refs.js';
import { checkRemote, fetchRefs, listRemoteRefs, readDebateCommit } from '../git/remote-ops.js';
import type { Role } from '../protocol/document.js';
import type { ClaimRecord } from '../session/claims/claim-role.js';
import { createClaimReads } from '../session/remote/claim-reads.js';
import { readClaimAt } from '../session/remote/read-remote-claim.js';

/** One debate on a remote, as `status`, `show` and `archive --remote` read it. */
export interface RemoteDebateEntry {
  name: string;
  /** The debate ref's commit; null while only claims exist (the Review is being written). */
  tip: string | null;
  /** The debate file's name and text at `tip`. */
  file: { name: string; text: string } | null;
  claims: Record<Role, ClaimRecord | null>;
}

/**
 * Every debate under refs/code-debate/ on `remote`, its refs fetched into this clone first (one
 * `ls-remote`, one fetch): names in order.
 */
export async function readRemoteDebates(cwd: string, remote: string): Promise<RemoteDebateEntry[]> {
  await checkRemote(cwd, remote);
  const refs = await listRemoteRefs(cwd, remote, `${debateRefPrefix}*`);
  if (refs.size > 0) await fetchRefs(cwd, remote, `${debateRefPrefix}*`, 'refs/code-debate-remote/*');
  const byName = new Map<string, Map<string, string>>();
  for (const [ref, sha] of refs) {
    const [name, ...rest] = ref.slice(debateRefPrefix.length).split('/');
    if (name === undefined || rest.length === 0) continue;
    byName.set(name, (byName.get(name) ?? new Map()).set(rest.join('/'), sha));
  }
  const reads = createClaimReads();
  const entries = await Promise.all(
    [...byName].map(async ([name, own]): Promise<RemoteDebateEntry> => {
      const tip = own.get('debate') ?? null;
      const read = tip === null ? null : await readDebateCommit(cwd, tip);
      const claim = async (role: Role) => {
        const commit = own.get(`claims/${role}`);
        return commit === undefined ? null : readClaimAt(cwd, commit, role, reads);
      };
      return {
        name,
        tip,
        file: read === null ? null : { name: read.name, text: read.bytes.toString('utf8') },
        claims: { reviewer: await claim('reviewer'), responder: await claim('responder') },
      };
    }),
  );
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

/** The debate `name`, or the only one on the remote when no name is given; a ConfigError naming the choices otherwise. */
export function pickDebate(entries: readonly RemoteDebateEntry[], remote: string, name: string | undefined): RemoteDebateEntry {
  if (name !== undefined) {
    const found = entries.find((entry) => entry.name === name);
    if (found) return found;
    throw new ConfigError(`There is no debate \`${name}\` on \`${remote}\`: ${listed(entries)}.`);
  }
  const [only, ...more] = entries;
  if (only !== undefined && more.length === 0) return only;
  throw new ConfigError(
    `${entries.length === 0 ? `There is no debate on \`${remote}\`` : `There are ${entries.length} debates on \`${remote}\`: name one with --debate`}; ${listed(entries)}.`,
  );
}

function listed(entries: readonly RemoteDebateEntry[]): string {
  return entries.length === 0
    ? 'it has none under refs/code-debate/'
    : `it has ${entries.map((entry) => `\`${entry.name}\``).join(', ')} (\`code-debate status --remote\` lists them)`;
}
