import { decideAction, type Action } from '../protocol/decide-action.js';
import type { DebateDocument } from '../protocol/document.js';
import type { SideContext } from './side-context.js';

/** What this side does next on `document`: the protocol's turn table, with the ledger's stalled-round test. */
export function decideTurn(context: Pick<SideContext, 'role' | 'maxRounds' | 'reader'> & Partial<Pick<SideContext, 'budget'>>, document: DebateDocument): Action {
  const { reader } = context;
  return decideAction(document, context.role, {
    maxRounds: context.maxRounds,
    stalled: reader.lastRoundStalled,
    points: reader.points,
    ...(context.budget ? { budget: context.budget } : {}),
  });
}
