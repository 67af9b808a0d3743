import type { LedgerPoint, PointStatus } from './ledger.js';

/** Where a point stands after `round`: settled (resolved or withdrawn), partially agreed, or disputed. */
export type Standing = 'settled' | 'partial' | 'disputed';

/** The point's status at the end of `round` (its latest round when omitted); null before it was raised. */
export function statusAfter(point: LedgerPoint, round = Number.POSITIVE_INFINITY): PointStatus | null {
  return point.rounds.filter((entry) => entry.round <= round).at(-1)?.status ?? null;
}

/**
 * Settled when resolved or withdrawn; partial when open and the responder's last stated
 * category is Partially agreed or the reviewer last conceded part; disputed otherwise.
 */
export function standingAfter(point: LedgerPoint, round = Number.POSITIVE_INFINITY): Standing | null {
  const status = statusAfter(point, round);
  if (status === null) return null;
  if (status !== 'open') return 'settled';
  const seen = point.rounds.filter((entry) => entry.round <= round);
  const responder = seen.map((entry) => entry.responder?.position).filter((position) => position === 'agreed' || position === 'partially-agreed' || position === 'disagreed');
  const reviewer = seen.map((entry) => entry.reviewer?.position).filter((position) => position === 'maintained' || position === 'conceded-part');
  return responder.at(-1) === 'partially-agreed' || reviewer.at(-1) === 'conceded-part' ? 'partial' : 'disputed';
}
