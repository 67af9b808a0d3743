import { sectionKinds, type SectionKind } from './document.js';

export interface HeadingClass {
  kind: SectionKind;
  number: number;
}

const patterns: ReadonlyArray<[RegExp, SectionKind]> = [
  [/^(?:review|opening)$/i, sectionKinds.review],
  [/^response\s+(\d+)$/i, sectionKinds.response],
  [/^(?:reviewer\s+)?follow-up\s+(\d+)$/i, sectionKinds.followUp],
  // The stop signal, alone or with words that do not deny it (`## CONSENSUS — reached`).
  [/^consensus(?:$|[\s:—–-])/i, sectionKinds.consensus],
];

/** Words after `CONSENSUS` that say there is none, or not yet: `## Consensus status: not reached`. */
const notConsensus = /^consensus\s*(?:status|state|check|draft|proposal|pending|candidate|\?)|\b(?:not|no|none|un\w+|pending|yet|failed|partial|draft|proposed)\b|\?/i;

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
  for (const [pattern, kind] of patterns) {
    const match = pattern.exec(trimmed);
    if (match && kind === sectionKinds.consensus && notConsensus.test(trimmed)) return null;
    if (match) return { kind, number: match[1] === undefined ? 0 : Number(match[1]) };
  }
  return null;
}

/** The heading this project writes for a section. */
export function formatHeading(kind: SectionKind, number: number): string {
  switch (kind) {
    case sectionKinds.review:
      return 'Review';
    case sectionKinds.response:
      return `Response ${number}`;
    case sectionKinds.followUp:
      return `Reviewer Follow-up ${number}`;
    case sectionKinds.consensus:
      return 'CONSENSUS';
  }
}
