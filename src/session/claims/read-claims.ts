import os from 'node:os';
import type { Role } from '../../protocol/document.js';
import type { ClaimRecord } from './claim-record.js';
import { claimPath, type StatePaths } from '../state-paths.js';
import { readStateFile } from '../read-state-file.js';

/** A claim file's record; one that is not JSON was written by hand and names no process (pid -1). */
export function parseClaim(text: string, role: Role): ClaimRecord {
  try {
    const record: unknown = JSON.parse(text);
    if (typeof record === 'object' && record !== null) return record as ClaimRecord;
  } catch {
    // Claims appear whole, so an unreadable one was written by hand: it holds nothing alive.
  }
  return { role, pid: -1, host: os.hostname(), startedAt: 'unknown', agent: 'unknown' };
}

/** The claim on `role`, or null when nobody holds it. */
export async function readClaim(paths: StatePaths, role: Role): Promise<ClaimRecord | null> {
  const text = await readStateFile(claimPath(paths, role)).catch(() => null);
  return text === null ? null : parseClaim(text, role);
}

/** Both roles' claims, as they are now. */
export async function readClaims(paths: StatePaths): Promise<Record<Role, ClaimRecord | null>> {
  const [reviewer, responder] = await Promise.all([readClaim(paths, 'reviewer'), readClaim(paths, 'responder')]);
  return { reviewer, responder };
}
