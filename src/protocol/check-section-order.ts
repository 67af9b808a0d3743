import { ProtocolError } from '../errors.js';
import { formatHeading } from './classify-heading.js';
import type { Section } from './document.js';
import { endsDebate, firstSection, turnOf } from './turn-table.js';

/**
 * The sections must take turns as docs/protocol.md's table says: Review, Response 1, Follow-up 1,
 * Response 2, ... A CONSENSUS may close the debate after any of them; what follows it is ignored.
 */
export function checkSectionOrder(sections: readonly Section[]): ProtocolError | null {
  let previous: Section | null = null;
  for (const section of sections) {
    if (endsDebate(previous ?? undefined)) return null;
    const expected = expectedAfter(previous);
    const fits = section.kind === 'consensus' || (section.kind === expected.kind && section.number === expected.number);
    if (!fits) {
      const after = previous ? `after \`## ${previous.heading}\` (line ${previous.line})` : 'as the first section';
      return new ProtocolError(
        `Cannot accept \`## ${section.heading}\` at line ${section.line}: expected ` +
          `\`## ${formatHeading(expected.kind, expected.number)}\` or \`## CONSENSUS\` ${after}. ` +
          'Sections take turns; fix or remove the out-of-turn section.',
        section.line,
      );
    }
    previous = section;
  }
  return null;
}

function expectedAfter(previous: Section | null): { kind: Section['kind']; number: number } {
  if (previous === null) return firstSection;
  return turnOf(previous.kind).next(previous.number) ?? { kind: 'consensus', number: 0 };
}
