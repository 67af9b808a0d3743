import type { Role, Section, Signature } from './document.js';
import { endsDebate, peerOf, roleName, roleNamed, turnAfter, writerOf } from './turn-table.js';

/** What a section heading's read says, given the sections that count before it: it counts, it ends the debate's text, or it is text of the section above it (and why). */
export type Admission = { type: 'admit' } | { type: 'end' } | { type: 'text'; note: string };

/**
 * Whether `section` counts as the section its heading names (docs/protocol.md, "Sections and
 * whose turn it is"): a signature names the role its heading belongs to, or the heading is text
 * (a `Reviewer Follow-up 1` underlined inside a Response its Responder signed); a CONSENSUS
 * counts only from the side whose turn it is (by its signature, or, unsigned, from the side that
 * does not sign: a peer where code-debate signs every section of the other side), or from
 * code-debate standing in for a side that let its turn time out. After a CONSENSUS that counts,
 * nothing does. `foreign`: a heading the protocol does not know, after a CONSENSUS.
 */
export function admitSection(before: readonly Section[], section: Section, foreign: boolean): Admission {
  const last = before.at(-1);
  if (endsDebate(last)) return { type: 'end' };
  const where = last === undefined ? '' : `\`## ${last.heading}\``;
  if (foreign) return { type: 'text', note: `\`## ${section.heading}\` (line ${section.line}) is not a section of the protocol: it is kept as text of ${where}.` };
  if (last === undefined) return { type: 'admit' };
  const signed = roleOf(section.signature);
  const writer = writerOf(section.kind);
  if (writer !== null) {
    if (signed === null || signed === writer) return { type: 'admit' };
    return {
      type: 'text',
      note: `\`## ${section.heading}\` (line ${section.line}) is signed by the ${roleName(signed)}, and it is the ${roleName(writer)}'s section: it is kept as text of ${where}.`,
    };
  }
  const turn = turnAfter(last.kind);
  const closer = signed ?? (section.signature === null ? unsignedWriter(before) : null);
  if (section.signature?.agent === 'code-debate' || closer === null || turn === null || closer === turn) return { type: 'admit' };
  return {
    type: 'text',
    note: `\`## ${section.heading}\` (line ${section.line}) was written by the ${roleName(closer)}, and after ${where} it is the ${roleName(turn)} who ends the debate: it is kept as text of ${where}, and the debate goes on.`,
  };
}

function roleOf(signature: Signature | null): Role | null {
  return signature === null ? null : roleNamed(signature.role);
}

/** Who writes the unsigned sections: the other side, when every signed section is one side's (code-debate signs all it writes). */
function unsignedWriter(before: readonly Section[]): Role | null {
  const signed = new Set(before.filter((section) => section.kind !== 'consensus').map((section) => roleOf(section.signature)));
  if (signed.size !== 2 || !signed.has(null)) return null;
  const side = signed.has('reviewer') ? 'reviewer' : signed.has('responder') ? 'responder' : null;
  return side === null ? null : peerOf(side);
}
