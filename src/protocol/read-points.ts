import type { Evidence, Point } from './document.js';
import { findCitationRefs } from './citation-pattern.js';
import { readSection } from './read-section.js';

/**
 * The Review's points, R1, R2, ... in order, read as readSection reads a Review. A review
 * without any marked point is one point, R1, the whole review, with no severity: a peer that
 * wrote prose still gets an answer to what it said.
 */
export function readPoints(reviewBody: string): Point[] {
  const reading = readSection('review', reviewBody, []);
  if (reading.newPoints.length === 0) {
    const text = reviewBody.trim();
    if (text === '') return [];
    return [{ id: 'R1', number: 1, title: 'The review as a whole', severity: null, evidence: readEvidence(text), text }];
  }
  // The Review raises the Reviewer's points; a peer's `### F1.` there is not one of them.
  return reading.newPoints
    .filter((point) => point.id.startsWith('R'))
    .map((point) => ({
      id: point.id,
      number: Number(point.id.slice(1)),
      title: point.title,
      severity: point.severity,
      evidence: point.evidence.map((item) => (item.endLine === null ? { path: item.path, line: item.line } : { path: item.path, line: item.line, endLine: item.endLine })),
      text: reading.texts.get(point.id) ?? '',
    }));
}

/** The distinct `path:line` places a text cites (a range counts by its first line). */
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
