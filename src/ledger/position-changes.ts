import { roleOn, type AnswererPosition, type Ledger, type RaiserPosition } from './ledger.js';
import type { Role } from '../protocol/document.js';
import { answerPositions, heldPositions } from '../protocol/position.js';

/** One side moving on one point, e.g. the responder from `disagreed` to `agreed` in round 2. */
export interface PositionChange {
  id: string;
  side: Role;
  round: number;
  section: string;
  from: string;
  to: string;
}

const answererStands: ReadonlySet<AnswererPosition> = new Set(answerPositions);
const raiserStands: ReadonlySet<RaiserPosition> = new Set(heldPositions);

/**
 * Every change of position, in round order (the reviewer's before the responder's) then point order. Only stated positions count: an
 * unanswered or uncategorized turn moves nobody. Raising a point is maintaining it.
 */
export function positionChanges(ledger: Ledger): PositionChange[] {
  const changes: PositionChange[] = [];
  for (const point of ledger.points) {
    let responder: string | null = null;
    let reviewer = 'maintained';
    for (const entry of point.rounds) {
      const said = entry.raiser;
      if (said && raiserStands.has(said.position)) {
        if (said.position !== reviewer) changes.push({ id: point.id, side: roleOn(point, 'raiser'), round: entry.round, section: said.section, from: reviewer, to: said.position });
        reviewer = said.position;
      }
      const answer = entry.answerer;
      if (answer && answererStands.has(answer.position)) {
        if (responder !== null && answer.position !== responder) {
          changes.push({ id: point.id, side: roleOn(point, 'answerer'), round: entry.round, section: answer.section, from: responder, to: answer.position });
        }
        responder = answer.position;
      }
    }
  }
  // In a round the reviewer writes first.
  return changes.sort((a, b) => a.round - b.round || (a.side === b.side ? 0 : a.side === 'reviewer' ? -1 : 1));
}
