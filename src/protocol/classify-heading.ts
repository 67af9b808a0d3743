import { sectionKinds, type SectionKind } from './document.js';
import { turnOf } from './turn-table.js';

export interface HeadingClass {
  kind: SectionKind;
  number: number;
}

/** Whether a level-2 heading speaks of a CONSENSUS it is not (`## Consensus status: not reached`): kept as text, and said. */
export function looksLikeConsensus(text: string): boolean {
  return /^\s*consensus\b/i.test(text) && classifyHeading(text) === null;
}

/**
 * The section a level-2 heading opens, or null when it is none of the protocol's.
 * Letter case and surrounding spaces are tolerated; the words and numbers are not guessed at.
 */
export function classifyHeading(text: string): HeadingClass | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  for (const kind of sectionKinds) {
    const { pattern, denied } = turnOf(kind);
    const match = pattern.exec(trimmed);
    if (match && denied?.test(trimmed)) return null;
    if (match) return { kind, number: match[1] === undefined ? 0 : Number(match[1]) };
  }
  return null;
}

/** The heading this project writes for a section. */
export function formatHeading(kind: SectionKind, number: number): string {
  return turnOf(kind).heading(number);
}
