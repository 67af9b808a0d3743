import type { LedgerPoint } from './ledger.js';
import { standingAfter } from './point-standing.js';

/**
 * Seed 000's confidence levels, computed from the ledger, never taken from what an agent says:
 * HIGH both sides agree (resolved) and none of its evidence failed the check, nor was its
 * agreement flagged as a false consensus; MEDIUM partially agreed, or agreed on evidence that
 * failed or on a flagged flip; LOW still disputed; WITHDRAWN dropped by the reviewer.
 */
export type Confidence = 'HIGH' | 'MEDIUM' | 'LOW' | 'WITHDRAWN';

export function pointConfidence(point: LedgerPoint, flaggedFalseConsensus = false): Confidence {
  if (point.status === 'withdrawn') return 'WITHDRAWN';
  if (point.status === 'resolved') {
    const failed = point.evidence.some((evidence) => evidence.check === 'failed');
    return failed || flaggedFalseConsensus ? 'MEDIUM' : 'HIGH';
  }
  return standingAfter(point) === 'partial' ? 'MEDIUM' : 'LOW';
}
