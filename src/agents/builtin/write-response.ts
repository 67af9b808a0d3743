import type { AnswerScope } from '../../protocol/answer-schema.js';
import { answerPositions, heldPositions, labelsOf } from '../../protocol/position.js';
import { answerText, turnData, type PositionItemData } from './answer-data.js';
import { answerPoint } from './answer-point.js';
import { countEach, plural } from './format-markdown.js';
import type { PointJudgement } from './judge-point.js';

export const responseNote =
  "_Rule-based response by code-debate's built-in agent: it checks each point's evidence against the change and the work tree; it is not a language model._";

/**
 * A Response as data: one answer per open point of the Reviewer, its position and reasoning from
 * the judgement; a position on each open point of its own, if it has any (see decidePosition).
 * It raises no point: it checks claims, it does not make them.
 */
export function writeResponse(scope: AnswerScope, judgements: readonly PointJudgement[], positions: readonly PositionItemData[]): string {
  const answers = judgements.map((judgement) => answerPoint(judgement));
  const said = [
    answers.length > 0
      ? `Answered ${plural(answers.length, 'open point')}: ${countEach(
          answers.map((answer) => answer.label),
          labelsOf(answerPositions),
        )}.`
      : '',
    positions.length > 0
      ? `Re-checked ${plural(positions.length, 'open point')} it raised: ${countEach(
          positions.map((held) => held.position),
          labelsOf(heldPositions),
        )}.`
      : '',
  ].filter(Boolean);
  const summary = said.length > 0 ? said.join(' ') : 'Every point of the review is already resolved; nothing is left to answer.';
  return answerText(turnData(scope, `${responseNote}\n\n${summary}`, answers, [...positions]));
}
