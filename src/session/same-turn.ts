import type { Action, WriteAction } from '../protocol/decide-action.js';
import type { DebateDocument } from '../protocol/document.js';
import { scopeOf } from '../protocol/read-agent-answer.js';
import { decideTurn } from './decide-turn.js';
import type { FileState } from './read-debate-file.js';
import type { SideContext } from './side-context.js';

/**
 * Whether a file that changed while the agent worked still asks for exactly this section: the
 * second decision of a turn, made inside the compare-and-swap (see appendSection's stillValid).
 */
export function sameTurn(current: FileState, decidedOn: DebateDocument, action: WriteAction, context: Pick<SideContext, 'role' | 'maxRounds' | 'reader' | 'budget'>): boolean {
  const parsed = context.reader.parse(current.text, current.growth);
  if (!parsed.ok || parsed.document.sections.length !== decidedOn.sections.length) return false;
  const again = action.turn === 'consensus' && action.reason === 'peer-timeout' ? action : decideTurn(context, parsed.document);
  if (!sameAction(again, action)) return false;
  // Text added to the last section (a person's note, an editor's trailing newline) leaves the turn
  // standing while every point stands as the agent read it, each label and the turn's scope: the
  // answer is appended after it. A peer's section still being written when the agent read it
  // gives more labels by now, which changes them: the turn is asked again.
  const turn = action.turn;
  if (turn === 'consensus') return parsed.document.sections.at(-1)?.body === decidedOn.sections.at(-1)?.body;
  const standing = (document: DebateDocument) => {
    const points = context.reader.points(document);
    return JSON.stringify({ scope: scopeOf(turn, context.role, document, points), points: points.map(({ point, answer, held, resolved }) => [point.id, answer, held, resolved]) });
  };
  return standing(parsed.document) === standing(decidedOn);
}

/** Whether `again` is the write `action` is: the same kind, round and, for a CONSENSUS, reason. */
export function sameAction(again: Action, action: WriteAction): boolean {
  if (again.type !== 'write' || again.turn !== action.turn || again.round !== action.round) return false;
  return again.turn !== 'consensus' || (action.turn === 'consensus' && again.reason === action.reason);
}
