import { maxEvidence, type AnswerScope, type EvidenceData } from '../../protocol/answer-schema.js';
import type { Evidence, Severity } from '../../protocol/document.js';

/**
 * The JSON the built-in agent answers a turn with, as answerSchemaFor describes it: labels as
 * they are written (`Agreed`, `Maintained`), ids the turn's scope names, new points unnumbered.
 */
export interface PointData {
  title: string;
  severity: Severity;
  evidence: EvidenceData[];
  reasoning: string;
}

export interface AnswerItemData {
  id: string;
  label: string;
  reasoning: string;
  evidence: EvidenceData[];
}

export interface PositionItemData {
  id: string;
  position: string;
  reasoning: string;
  severity: { to: Severity; reason: string } | null;
}

export type ReviewData = { summary: string; points: PointData[] };

/** A response or a follow-up: `answers` and `positions` only when the scope has ids for them. */
export type TurnData = { summary: string; answers?: AnswerItemData[]; positions?: PositionItemData[]; newPoints: PointData[] };

// What the answer schema takes for a path: it refuses spaces, backticks and colons.
const citablePath = /^[^\s`:]+$/;

/**
 * Places as the schema takes them: a path it would refuse (a file name with a space) is left
 * out, and places past the schema's most (maxEvidence) too, since one refused citation would
 * make the whole answer unusable.
 */
export function toEvidenceData(evidence: readonly Evidence[]): EvidenceData[] {
  return evidence
    .filter((item) => citablePath.test(item.path))
    .slice(0, maxEvidence)
    .map((item) => ({ path: item.path, line: item.line, endLine: item.endLine ?? null }));
}

/** The text of an answer: its JSON, on one line, since code-debate reads it and writes the section. */
export function answerText(data: ReviewData | TurnData): string {
  return JSON.stringify(data);
}

/** A response's or a follow-up's data: `answers` and `positions` where `scope` has ids for them, and no new point. */
export function turnData(scope: AnswerScope, summary: string, answers: AnswerItemData[], positions: PositionItemData[]): TurnData {
  return { summary, ...(scope.toAnswer.length > 0 ? { answers } : {}), ...(scope.toHold.length > 0 ? { positions } : {}), newPoints: [] };
}
