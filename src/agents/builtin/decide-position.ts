import type { Severity } from '../../protocol/document.js';
import { positionLabels, type AnswerPosition, type HeldPosition } from '../../protocol/position.js';
import type { PositionItemData } from './answer-data.js';
import { asSentence, severityRank, withDetails } from './format-markdown.js';
import type { PointJudgement } from './judge-point.js';

const proposedSeverity = /severity\b[^.\n]*?\b(?:should be|lowered to|to|be|as)\s+\**\s*(critical|high|medium|low|nit)\b/i;

/**
 * The raiser's position on one of its open points, from its own re-check: evidence that does not
 * hold is withdrawn; a lower severity the other side argued for (or the rules give) is accepted,
 * with the severity change; evidence that holds is maintained. `answerer` names the section that
 * answered the point: `the response`, `the follow-up`.
 */
export function decidePosition(answer: AnswerPosition | null, answerWords: string, judgement: PointJudgement, answerer: string): PositionItemData {
  const { point } = judgement;
  const said = answer === null ? ` (${answerer} gave this point no position)` : '';
  const decide = (position: HeldPosition, lead: string, severity: PositionItemData['severity'] = null): PositionItemData => ({
    id: point.id,
    position: positionLabels[position],
    reasoning: withDetails(lead, judgement.details.length > 0 ? judgement.details : [asSentence(judgement.summary)]),
    severity,
  });
  if (judgement.evidence === 'unverifiable') {
    return decide('withdrawn', `The point cites no \`path:line\`, so there is nothing to re-check it against${said}.`);
  }
  if (judgement.evidence === 'fails') return decide('withdrawn', `Re-checked${said}: the evidence does not hold.`);
  const argued = proposedSeverity.exec(answerWords)?.[1]?.toLowerCase() as Severity | undefined;
  const proposed = argued ?? judgement.lowerSeverity?.to;
  if (answer === 'partially-agreed' && proposed && severityRank(proposed) > severityRank(point.severity)) {
    const reason = proposed === judgement.lowerSeverity?.to ? judgement.lowerSeverity.reason : `as ${answerer} argues`;
    return decide('accepted', `${asSentence(answerer)} is right: the severity is lowered to ${proposed}.`, { to: proposed, reason });
  }
  if (answer === 'partially-agreed' && judgement.evidence === 'partial') {
    return decide('accepted', `${asSentence(answerer)} is right: the point narrows to the evidence that holds.`);
  }
  const holds = judgement.evidence === 'partial' ? 'part of the evidence holds, and the point stands on that part' : 'the evidence holds';
  return decide('maintained', `Re-checked${said}: ${holds}.`);
}
