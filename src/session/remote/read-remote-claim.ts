import type { BoundedMap } from '../../bounded-map.js';
import type { Role } from '../../protocol/document.js';
import { readCommit, readFileAt } from '../../git/remote-ops.js';
import type { ClaimRecord } from '../claims/claim-role.js';
import { parseClaim } from '../claims/read-claims.js';
import type { ClaimReads } from './claim-reads.js';
import type { RemoteDebate } from './remote-debate.js';

/** The one file of a claim commit. */
export const claimFile = 'claim.json';

/** The trailer a heartbeat commit carries its time in: a beat is a commit of the claim's tree as it was, one object. */
export const beatTrailer = 'Heartbeat-At';

/** The message of a heartbeat commit of `role`'s claim at `at`. */
export function beatMessage(role: Role, at: string): string {
  return `code-debate: ${role} heartbeat\n\n${beatTrailer}: ${at}\n`;
}

/** The claim on `role` as last fetched, with its commit; null when nobody holds it. */
export async function readRemoteClaim(debate: RemoteDebate, role: Role): Promise<{ record: ClaimRecord; commit: string } | null> {
  const commit = debate.view().refs.get(debate.refs.claim(role));
  if (commit === undefined) return null;
  return { record: await readClaimAt(debate.cwd, commit, role, debate.claimReads), commit };
}

function remember<T>(map: BoundedMap<string, T>, key: string, value: T): T {
  map.set(key, value);
  return value;
}

/**
 * The claim record a claim commit holds, its heartbeat the commit's own when it is a beat (one
 * not code-debate's reads as naming no process, see parseClaim).
 */
export async function readClaimAt(cwd: string, commit: string, role: Role, { byCommit, byTree }: ClaimReads): Promise<ClaimRecord> {
  const known = byCommit.get(commit);
  if (known !== undefined) return known;
  const read = await readCommit(cwd, commit);
  // A commit this clone lacks is read as naming no process, and read again once fetched.
  if (read === null) return parseClaim('', role);
  const stored = byTree.get(read.tree) ?? remember(byTree, read.tree, parseClaim((await readFileAt(cwd, commit, claimFile))?.toString('utf8') ?? '', role));
  const beat = new RegExp(`^${beatTrailer}: (\\S+)$`, 'm').exec(read.message)?.[1];
  return remember(byCommit, commit, beat === undefined ? stored : { ...stored, heartbeatAt: beat });
}
