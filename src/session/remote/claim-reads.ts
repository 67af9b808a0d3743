import { BoundedMap } from '../../bounded-map.js';
import type { ClaimRecord } from '../claims/claim-record.js';

/**
 * The claims a reader has read, by commit and by tree: commits and trees never change, so a claim
 * read once is not read again (a waiting side reads the peer's every second). Bounded; owned by
 * the reader (a side's RemoteDebate, one listing of the remote's debates).
 */
export interface ClaimReads {
  byCommit: BoundedMap<string, ClaimRecord>;
  byTree: BoundedMap<string, ClaimRecord>;
}

export function createClaimReads(): ClaimReads {
  return { byCommit: new BoundedMap(64), byTree: new BoundedMap(64) };
}
