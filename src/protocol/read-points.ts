import type { Evidence, Point } from './document.js';
import { findCitationRefs } from './citation-pattern.js';
import { readWholeAnswer } from './read-answers.js';
import { readBlockLabels, readTableLabels, readTitleLabels, settleLabels, type LabelReading } from './read-labels.js';
import { splitPointBlocks, type PointBlock } from './split-point-blocks.js';

/**
 * The Review's points, R1, R2, ... in order (an id written twice is the first of them). A review
 * without any numbered point is one point, R1, the whole review: a peer that wrote prose still
 * gets an answer to what it said.
 */
export function readPoints(reviewBody: string): Point[] {
  const blocks = splitPointBlocks(reviewBody);
  if (blocks.length === 0) {
    const text = reviewBody.trim();
    if (text === '') return [];
    const severity = readWholeAnswer('severity', text, 1);
    return [{ id: 'R1', number: 1, title: 'The review as a whole', severity: severity.state === 'read' ? severity.value : null, evidence: readEvidence(text), text }];
  }
  const seen = new Set<number>();
  return blocks.filter((block) => !seen.has(block.number) && seen.add(block.number)).map((block) => toPoint(block, reviewBody));
}

/** The point `block` of section `body` raises, its severity read by the label grammar (null when none, or two). */
export function toPoint(block: PointBlock, body: string): Point {
  const severity = readPointSeverity(block, body);
  const title = readTitleLabels('severity', block.title).rest;
  return { id: `R${block.number}`, number: block.number, title, severity: severity.state === 'read' ? severity.value : null, evidence: readEvidence(block.text), text: block.text };
}

/** How the severity of the point `block` raises was read: from the block, and the section's table rows naming it. */
export function readPointSeverity(block: PointBlock, body: string): LabelReading<'severity'> {
  return settleLabels([...readBlockLabels('severity', block), ...(readTableLabels('severity', body).get(block.number) ?? [])]);
}

/** The distinct `path:line` places a point cites (a range counts by its first line). */
export function readEvidence(text: string): Evidence[] {
  const seen = new Set<string>();
  const evidence: Evidence[] = [];
  for (const ref of findCitationRefs(text)) {
    const key = `${ref.path}:${ref.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    evidence.push(ref.endLine === ref.line ? { path: ref.path, line: ref.line } : { path: ref.path, line: ref.line, endLine: ref.endLine });
  }
  return evidence;
}
