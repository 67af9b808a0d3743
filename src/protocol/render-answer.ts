import type { EvidenceData, RaisedPoint, TurnAnswer } from './answer-schema.js';
import { positionLabels } from './position.js';
import { escapeMarkers } from './escape-markers.js';

/**
 * The canonical Markdown of a turn's answer (docs/protocol.md, "The canonical form"): the summary,
 * then one block per point, answers and positions as `### R1 — Agreed`, raised points as
 * `### R3. Title`, each with its meta paragraph (`**Severity:**`, `**Evidence:**`) and then its
 * reasoning. Lines of a reasoning or summary that would mark a point are escaped, so reading the
 * result with readSection gives this answer back.
 */
export function renderAnswer(answer: TurnAnswer): string {
  const blocks = [
    ...answer.answers.map((item) => block(`${item.id} — ${positionLabels[item.position]}`, [evidenceLine(item.evidence)], item.reasoning)),
    ...answer.positions.map((item) =>
      block(
        `${item.id} — ${positionLabels[item.position]}`,
        [`**Severity:** ${item.severity === null ? 'unchanged' : `→ ${item.severity.to}${item.severity.reason === '' ? '' : `: ${item.severity.reason}`}`}`],
        item.reasoning,
      ),
    ),
    ...answer.newPoints.map(renderRaised),
  ];
  const summary = escapeMarkers(answer.summary.trim(), blocks.length === 0);
  return [summary, ...blocks].filter((part) => part !== '').join('\n\n');
}

function renderRaised(point: RaisedPoint): string {
  return block(`${point.id}. ${point.title}`, [`**Severity:** ${point.severity ?? 'unrated'}`, evidenceLine(point.evidence)], point.reasoning);
}

function block(heading: string, meta: readonly string[], reasoning: string): string {
  const text = escapeMarkers(reasoning.trim());
  return `### ${heading}\n\n${meta.join('\n')}${text === '' ? '' : `\n\n${text}`}`;
}

function evidenceLine(evidence: readonly EvidenceData[]): string {
  if (evidence.length === 0) return '**Evidence:** none';
  return `**Evidence:** ${evidence.map((item) => `\`${item.path}:${item.line}${item.endLine === null || item.endLine === item.line ? '' : `-${item.endLine}`}\``).join(', ')}`;
}
