import type { EvidenceData } from '../../protocol/answer-schema.js';
import { positionLabels, type AnswerPosition } from '../../protocol/position.js';
import { toEvidenceData, type AnswerItemData } from './answer-data.js';
import type { EvidenceCheck } from './check-evidence.js';
import { asSentence, withDetails } from './format-markdown.js';
import type { PointJudgement } from './judge-point.js';

/**
 * The answer to one of the other side's points: `position` (the judgement's own unless given),
 * the judgement's sentence and what each check found as the reasoning, and the lines it read as
 * the evidence.
 */
export function answerPoint(judgement: PointJudgement, position: AnswerPosition = judgement.answer): AnswerItemData {
  return {
    id: judgement.point.id,
    label: positionLabels[position],
    reasoning: withDetails(asSentence(judgement.summary), judgement.details),
    evidence: linesRead(judgement.checks),
  };
}

/** The lines the checks read, once each: where the point's code was found, or the cited line that says otherwise. */
function linesRead(checks: readonly EvidenceCheck[]): EvidenceData[] {
  const seen = new Set<string>();
  const lines = checks.flatMap((check) => {
    if (check.actual === null) return [];
    const key = `${check.evidence.path}:${check.actual.line}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ path: check.evidence.path, line: check.actual.line }];
  });
  return toEvidenceData(lines);
}
