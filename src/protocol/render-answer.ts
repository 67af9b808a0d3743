import type { EvidenceData, RaisedPoint, TurnAnswer } from './answer-schema.js';
import { positionLabels } from './position.js';
import { escapeMarkers } from './escape-markers.js';
import { escapeReproductionLines, renderReproduction, type Reproduction, type ReproductionResult } from './reproduction.js';

/**
 * The canonical Markdown of a turn's answer (docs/protocol.md, "The canonical form"): the summary,
 * then one block per point, answers and positions as `### R1 — Agreed`, raised points as
 * `### R3. Title`, each with its meta paragraph (`**Severity:**`, `**Evidence:**`) and then its
 * reasoning, then its reproduction when it has one, with code-debate's result of running it from
 * `results` (by point id). Lines of a reasoning or summary that would mark a point are escaped, so
 * reading the result with readSection gives this answer back.
 */
export function renderAnswer(answer: TurnAnswer, results: ReadonlyMap<string, ReproductionResult> = new Map()): string {
  const shown = (id: string, reproduction: Reproduction | undefined) => (reproduction === undefined ? null : renderReproduction(reproduction, results.get(id) ?? null));
  const blocks = [
    ...answer.answers.map((item) => block(`${item.id} — ${positionLabels[item.position]}`, [evidenceLine(item.evidence)], item.reasoning, shown(item.id, item.reproduction))),
    ...answer.positions.map((item) =>
      block(
        `${item.id} — ${positionLabels[item.position]}`,
        [`**Severity:** ${item.severity === null ? 'unchanged' : `→ ${item.severity.to}${item.severity.reason === '' ? '' : `: ${item.severity.reason}`}`}`],
        item.reasoning,
      ),
    ),
    ...answer.newPoints.map((point) => renderRaised(point, shown(point.id, point.reproduction))),
  ];
  const summary = escapeMarkers(answer.summary.trim(), blocks.length === 0);
  return [summary, ...blocks].filter((part) => part !== '').join('\n\n');
}

function renderRaised(point: RaisedPoint, reproduction: string | null): string {
  return block(`${point.id}. ${point.title}`, [`**Severity:** ${point.severity ?? 'unrated'}`, evidenceLine(point.evidence)], point.reasoning, reproduction);
}

function block(heading: string, meta: readonly string[], reasoning: string, reproduction: string | null = null): string {
  const text = escapeReproductionLines(escapeMarkers(reasoning.trim()));
  return `### ${heading}\n\n${meta.join('\n')}${text === '' ? '' : `\n\n${text}`}${reproduction === null ? '' : `\n\n${reproduction}`}`;
}

function evidenceLine(evidence: readonly EvidenceData[]): string {
  if (evidence.length === 0) return '**Evidence:** none';
  return `**Evidence:** ${evidence.map((item) => `\`${item.path}:${item.line}${item.endLine === null || item.endLine === item.line ? '' : `-${item.endLine}`}\``).join(', ')}`;
}
