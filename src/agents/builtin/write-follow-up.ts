import type { AnswerScope } from '../../protocol/answer-schema.js';
import { answerPositions, heldPositions, labelsOf, type AnswerPosition } from '../../protocol/position.js';
import { answerText, turnData, type PositionItemData } from './answer-data.js';
import { answerPoint } from './answer-point.js';
import { countEach, plural } from './format-markdown.js';
import type { PointJudgement } from './judge-point.js';

export const followUpNote = "_Rule-based follow-up by code-debate's built-in agent; not a language model._";

/**
 * A Reviewer Follow-up as data: a position on each of its open points (see decidePosition), and
 * an answer to each open point the Responder raised, judged by the same re-check (see answerByEvidence).
 */
export function writeFollowUp(scope: AnswerScope, positions: readonly PositionItemData[], raised: readonly PointJudgement[]): string {
  const answers = raised.map((judgement) => answerPoint(judgement, answerByEvidence(judgement)));
  const said = [
    positions.length > 0
      ? `Re-checked ${plural(positions.length, 'open point')}: ${countEach(
          positions.map((held) => held.position),
          labelsOf(heldPositions),
        )}.`
      : '',
    answers.length > 0
      ? `Answered ${plural(answers.length, 'point')} the response raised: ${countEach(
          answers.map((answer) => answer.label),
          labelsOf(answerPositions),
        )}.`
      : '',
  ].filter(Boolean);
  const summary = said.length > 0 ? said.join(' ') : 'Every point is resolved; nothing is left to follow up.';
  return answerText(turnData(scope, `${followUpNote}\n\n${summary}`, answers, [...positions]));
}

/**
 * The answer to a point the Responder raised, from what its evidence check found: evidence
 * that holds is Agreed, unless the rules rate it lower (Partially agreed, as for a Review's point);
 * evidence that holds in part is Partially agreed; evidence that does not hold, or nothing to
 * check, is Disagreed: a point the agent cannot check is not one it can agree with.
 */
export function answerByEvidence(judgement: PointJudgement): AnswerPosition {
  if (judgement.lowerSeverity !== null) return 'partially-agreed';
  if (judgement.evidence === 'holds') return 'agreed';
  return judgement.evidence === 'partial' ? 'partially-agreed' : 'disagreed';
}
