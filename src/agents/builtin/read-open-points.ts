import type { DebateDocument, Point, Role } from '../../protocol/document.js';
import type { AnswerPosition } from '../../protocol/position.js';
import { trackPoints } from '../../protocol/track-points.js';

export interface OpenPoint {
  point: Point;
  /** Who raised it: the Reviewer (R ids) or the Responder (F ids). */
  owner: Role;
  /** The other side's latest answer to it, null while it has given none. */
  answer: AnswerPosition | null;
  /** What the other side said with that answer (its reasoning, else its Markdown); '' when it said nothing. */
  answerWords: string;
}

/** The points still open, by id, each with the other side's latest answer to it. */
export function readOpenPoints(document: DebateDocument): Map<string, OpenPoint> {
  const answerWords = new Map<string, string>();
  const states = trackPoints(document, {
    answered: (state, stated) => {
      if (stated !== null) answerWords.set(state.point.id, stated.reasoning.trim() === '' ? stated.text : stated.reasoning);
    },
  });
  return new Map(
    states
      .filter((state) => !state.resolved)
      .map((state) => [state.point.id, { point: state.point, owner: state.owner, answer: state.answer, answerWords: answerWords.get(state.point.id) ?? '' }]),
  );
}
