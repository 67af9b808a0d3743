import type { Role } from '../../agents/agent.js';
import { readFileAt } from '../../git/remote-ops.js';
import type { ClaimRecord } from '../claim-role.js';
import { parseClaim } from '../read-claims.js';
import type { RemoteDebate } from './remote-debate.js';

/** The one file of a claim commit. */
export const claimFile = 'claim.json';

/** The claim on `role` as last fetched, with its commit; null when nobody holds it. */
export async function readRemoteClaim(debate: RemoteDebate, role: Role): Promise<{ record: ClaimRecord; commit: string } | null> {
  const commit = debate.view().refs.get(debate.refs.claim(role));
  if (commit === undefined) return null;
  return { record: await readClaimAt(debate.cwd, commit, role), commit };
}

/** The claim record a claim commit holds (one not code-debate's reads as naming no process, see parseClaim). */
export async function readClaimAt(cwd: string, commit: string, role: Role): Promise<ClaimRecord> {
  return parseClaim((await readFileAt(cwd, commit, claimFile))?.toString('utf8') ?? '', role);
}
