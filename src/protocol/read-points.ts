import { severities, type Evidence, type Point, type Severity } from './document.js';
import { findCitationRefs } from './citation-pattern.js';
import { splitPointBlocks } from './split-point-blocks.js';

const severityAlternatives = severities.join('|');
const labelledSeverity = new RegExp(`severity\\W{0,6}(${severityAlternatives})\\b`, 'i');
const taggedSeverity = new RegExp(`[\\[(](${severityAlternatives})[\\])]|^(${severityAlternatives})\\s*[:—-]`, 'im');

/**
 * The Review's points, R1, R2, ... in order. A review without any numbered point is one point,
 * R1, the whole review: a peer that wrote prose still gets an answer to what it said.
 */
export function readPoints(reviewBody: string): Point[] {
  const blocks = splitPointBlocks(reviewBody);
  if (blocks.length === 0) {
    const text = reviewBody.trim();
    if (text === '') return [];
    return [toPoint(1, 'The review as a whole', text)];
  }
  return blocks.map((block) => toPoint(block.number, block.title, block.text));
}

export function toPoint(number: number, title: string, text: string): Point {
  return { id: `R${number}`, number, title: stripSeverityTag(title), severity: readSeverity(title, text), evidence: readEvidence(text), text };
}

export function readSeverity(title: string, text: string): Severity | null {
  const found = labelledSeverity.exec(text)?.[1] ?? taggedSeverity.exec(title)?.slice(1).find(Boolean);
  return found ? (found.toLowerCase() as Severity) : null;
}

/** The distinct `path:line` places a point cites (a range counts by its first line). */
export function readEvidence(text: string): Evidence[] {
  const seen = new Set<string>();
  const evidence: Evidence[] = [];
  for (const ref of findCitationRefs(text)) {
    const key = `${ref.path}:${ref.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    evidence.push({ path: ref.path, line: ref.line });
  }
  return evidence;
}

function stripSeverityTag(title: string): string {
  return title.replace(new RegExp(`\\s*[\\[(](${severityAlternatives})[\\])]\\s*`, 'ig'), ' ').trim();
}
