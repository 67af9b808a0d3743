import { roleName } from '../protocol/turn-table.js';
import type { Ledger } from '../ledger/ledger.js';
import type { TurnAnswer } from '../protocol/answer-schema.js';
import { repeatsText } from '../protocol/repeated-text.js';

/**
 * What an answer must be told once before it is written (see askAgent): an Agreed or Partially
 * agreed answer whose reasoning repeats the raising side's text on the point, and a Disagreed
 * answer on a point a reproduction showed real that does not speak of the reproduction. Told
 * once: a second answer like it is written, and the ledger weighs it (accepted, flagged).
 */
export function checkOwnWords(answer: TurnAnswer, ledger: Ledger): string[] {
  const problems: string[] = [];
  for (const item of answer.answers) {
    const point = ledger.points.find((entry) => entry.id === item.id);
    if (point === undefined) continue;
    const raiser = roleName(point.owner);
    if (item.position === 'agreed' || item.position === 'partially-agreed') {
      const raised = point.rounds.map((round) => round.raiser?.text ?? '').join('\n\n');
      if (repeatsText(item.reasoning, raised)) {
        problems.push(
          `answers: ${item.id}'s reasoning repeats the ${raiser}'s own text on it (the same sentences, or nearly). Agreeing is not evidence: ` +
            `say in your own words what you checked, and cite the place you read (evidence) or give a reproduction; an agreement that repeats the other side stands as accepted, not confirmed.`,
        );
      }
    }
    const ran = point.reproduction;
    if (item.position === 'disagreed' && ran !== null && ran.verdict === 'reproduced' && !/reproduc/i.test(item.reasoning)) {
      problems.push(
        `answers: ${item.id} was reproduced (${ran.why}, in ${ran.section}), and your Disagreed answer does not address the reproduction: ` +
          'say why its test does not show the problem (what it gets wrong), or change your answer.',
      );
    }
  }
  return problems;
}
