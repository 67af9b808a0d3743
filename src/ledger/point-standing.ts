import type { LedgerPoint, PointStatus } from './ledger.js';

/**
 * Where a point ended, for the gate: `confirmed` the other side agreed (or partly agreed) with
 * evidence of its own and it was settled; `accepted` agreed without (see agreementOf); `disputed` still open; `dismissed` the side that raised it accepted the other
 * side's disagreement; `withdrawn` the side that raised it dropped it. Either side's points count.
 */
export type Standing = 'confirmed' | 'accepted' | 'disputed' | 'dismissed' | 'withdrawn';

/**
 * A point's Standing as convergence reads it after a round: `settled` for every standing of a
 * point no longer open (confirmed, dismissed, withdrawn), and a disputed one told apart as
 * `partial` when either side last met the other part way.
 */
export type RoundStanding = 'settled' | 'partial' | Extract<Standing, 'disputed'>;

/** The point's status at the end of `round` (its latest round when omitted); null before it was raised. */
export function statusAfter(point: LedgerPoint, round = Number.POSITIVE_INFINITY): PointStatus | null {
  return point.rounds.filter((entry) => entry.round <= round).at(-1)?.status ?? null;
}

/**
 * Settled when resolved or withdrawn; partial when open and the responder's last stated
 * position is Partially agreed or the reviewer last conceded part; disputed otherwise.
 */
export function standingAfter(point: LedgerPoint, round = Number.POSITIVE_INFINITY): RoundStanding | null {
  const status = statusAfter(point, round);
  if (status === null) return null;
  if (status !== 'open') return 'settled';
  const seen = point.rounds.filter((entry) => entry.round <= round);
  const responder = seen.map((entry) => entry.answerer?.position).filter((position) => position === 'agreed' || position === 'partially-agreed' || position === 'disagreed');
  const reviewer = seen.map((entry) => entry.raiser?.position).filter((position) => position === 'maintained' || position === 'conceded-part');
  return responder.at(-1) === 'partially-agreed' || reviewer.at(-1) === 'conceded-part' ? 'partial' : 'disputed';
}

/**
 * `standingAfter(point, round)` for every round from 1 to `rounds` (index round − 1), reading the
 * point's rounds once: `show` and `status` ask it of every round of a debate of hundreds.
 */
export function standingsByRound(point: LedgerPoint, rounds: number): Array<RoundStanding | null> {
  const order = point.rounds.map((entry, index) => ({ round: entry.round, index })).sort((a, b) => a.round - b.round);
  // The last entry, in the order of point.rounds, of those up to the round: of any, and of each side's stated positions.
  let status = -1;
  let responder = -1;
  let reviewer = -1;
  const standings: Array<RoundStanding | null> = [];
  for (let round = 1, at = 0; round <= rounds; round++) {
    for (; at < order.length && (order[at]?.round ?? 0) <= round; at++) {
      const index = order[at]?.index ?? 0;
      const entry = point.rounds[index];
      status = Math.max(status, index);
      const answer = entry?.answerer?.position;
      if (answer === 'agreed' || answer === 'partially-agreed' || answer === 'disagreed') responder = Math.max(responder, index);
      const said = entry?.raiser?.position;
      if (said === 'maintained' || said === 'conceded-part') reviewer = Math.max(reviewer, index);
    }
    const current = point.rounds[status]?.status ?? null;
    const partial = point.rounds[responder]?.answerer?.position === 'partially-agreed' || point.rounds[reviewer]?.raiser?.position === 'conceded-part';
    standings.push(current === null ? null : current !== 'open' ? 'settled' : partial ? 'partial' : 'disputed');
  }
  return standings;
}
