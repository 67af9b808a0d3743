import { sectionKinds, type Role, type SectionKind, type Signature } from './document.js';

/**
 * What is fixed about each kind of section (docs/protocol.md, "Sections and whose turn it is"), in
 * one place: everyone who asks who writes a section, its round, its heading, how its heading is
 * recognised, its prompt template or which section follows it reads this table. A new kind of
 * section is an entry here and its renderer (what its agent is asked for and how its answer is
 * written, under prompts/ and protocol/render-answer.ts); decideAction says when it is written.
 */
export interface TurnEntry {
  kind: SectionKind;
  /** Who writes it; null for the CONSENSUS, which the side whose turn it is writes. */
  writer: Role | null;
  /** Whether its heading carries a number (`Response N`); the others' number is 0. */
  numbered: boolean;
  /** Whether its writer answers the peer's open points in it (read by readSection as answers and positions). */
  answers: boolean;
  /** Whether a round ends with it: the writer of what follows may write the CONSENSUS instead (all resolved, the round limit, the budget, a stalled round). */
  closesRound: boolean;
  /** The round a section of this kind numbered `number` is in (0: in none, it closes the debate). */
  round: (number: number) => number;
  /** The heading code-debate writes (without `## `); given `N`, its form as the docs and messages name it. */
  heading: (number: number | 'N') => string;
  /** The level-2 headings read as this kind (spaces collapsed, letter case free); group 1 is the number when there is one. */
  pattern: RegExp;
  /** Words that, read with the pattern, say the heading is not this kind after all (`## Consensus status: not reached`). */
  denied?: RegExp;
  /** The prompt template under templates/. */
  template: string;
  /** The section that comes next in the peer's turn when the debate goes on (a CONSENSUS may always come instead); null: nothing follows. */
  next: (number: number) => { kind: FollowingKind; number: number } | null;
}

/** The kinds that follow another in the peer's turn: all but the CONSENSUS, which may come instead of any of them. */
export type FollowingKind = Exclude<SectionKind, 'consensus'>;

export const turnTable = {
  review: {
    kind: 'review',
    writer: 'reviewer',
    numbered: false,
    answers: false,
    closesRound: false,
    round: () => 1,
    heading: () => 'Review',
    pattern: /^(?:review|opening)$/i,
    template: 'review.md',
    next: () => ({ kind: 'response', number: 1 }),
  },
  response: {
    kind: 'response',
    writer: 'responder',
    numbered: true,
    answers: true,
    closesRound: true,
    round: (number) => number,
    heading: (number) => `Response ${number}`,
    pattern: /^response\s+(\d+)$/i,
    template: 'response.md',
    next: (number) => ({ kind: 'follow-up', number }),
  },
  'follow-up': {
    kind: 'follow-up',
    writer: 'reviewer',
    numbered: true,
    answers: true,
    closesRound: false,
    // The Review opens round 1; `Reviewer Follow-up N` opens round N+1.
    round: (number) => number + 1,
    heading: (number) => `Reviewer Follow-up ${number}`,
    pattern: /^(?:reviewer\s+)?follow-up\s+(\d+)$/i,
    template: 'follow-up.md',
    next: (number) => ({ kind: 'response', number: number + 1 }),
  },
  consensus: {
    kind: 'consensus',
    writer: null,
    numbered: false,
    answers: false,
    closesRound: false,
    round: () => 0,
    heading: () => 'CONSENSUS',
    // The stop signal, alone or with words that do not deny it (`## CONSENSUS — reached`).
    pattern: /^consensus(?:$|[\s:—–-])/i,
    denied: /^consensus\s*(?:status|state|check|draft|proposal|pending|candidate|\?)|\b(?:not|no|none|un\w+|pending|yet|failed|partial|draft|proposed)\b|\?/i,
    template: 'consensus.md',
    next: () => null,
  },
} as const satisfies Readonly<Record<SectionKind, TurnEntry>>;

/** A kind's entry, as the table's type (every field present to read, whatever the kind). */
export function turnOf(kind: SectionKind): TurnEntry {
  return turnTable[kind];
}

/** The section that opens a debate. */
export const firstSection = { kind: 'review', number: 0 } as const satisfies { kind: SectionKind; number: number };

/** The round a section is in: the Review and `Response 1` make round 1, `Reviewer Follow-up N` and `Response N+1` round N+1; the CONSENSUS is in none (0). */
export function roundOf(section: { kind: SectionKind; number: number }): number {
  return turnOf(section.kind).round(section.number);
}

/** The rounds `sections` completed: the round of the last section that closes one (a `Response N` closes round N); 0 before the first. */
export function roundsCompleted(sections: readonly { kind: SectionKind; number: number }[]): number {
  let completed = 0;
  for (const section of sections) if (turnOf(section.kind).closesRound) completed = Math.max(completed, roundOf(section));
  return completed;
}

/** Who writes a section of `kind`; null for the CONSENSUS (the side whose turn it is). */
export function writerOf<K extends SectionKind>(kind: K): (typeof turnTable)[K]['writer'] {
  return turnTable[kind].writer;
}

/** Whether a debate whose last section is `section` is over: nothing follows it (the CONSENSUS). */
export function endsDebate(section: { kind: SectionKind } | undefined): boolean {
  return section !== undefined && turnOf(section.kind).next(0) === null;
}

/** Whose turn it is after a section of `kind`: the writer of the section that follows it; null after the CONSENSUS. */
export function turnAfter(kind: SectionKind): Role | null {
  const next = turnOf(kind).next(0);
  return next === null ? null : writerOf(next.kind);
}

/** The kinds in which a side answers the peer's points: a Response and a Reviewer Follow-up. */
export type AnsweringKind = { [K in SectionKind]: (typeof turnTable)[K]['answers'] extends true ? K : never }[SectionKind];

/** Whether a section of `kind` answers the peer's points (and so is read for answers and positions). */
export function isAnswering(kind: SectionKind): kind is AnsweringKind {
  return turnOf(kind).answers;
}

/** The kind of section in which `role` answers the peer's points: the Responder's Response, the Reviewer's Follow-up. */
export function answerKindOf(role: Role): SectionKind {
  const kind = sectionKinds.find((candidate) => isAnswering(candidate) && writerOf(candidate) === role);
  if (kind === undefined) throw new Error(`Invariant broken: the turn table has no section in which the ${role} answers.`);
  return kind;
}

/** The headings of the protocol as a message names them: `` `## Review`, `## Response N`, `## Reviewer Follow-up N` or `## CONSENSUS` ``. */
export function headingForms(): string {
  const forms = sectionKinds.map((kind) => `\`## ${turnOf(kind).heading('N')}\``);
  return `${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}`;
}

/** The other side. */
export function peerOf(role: Role): Role {
  return role === 'reviewer' ? 'responder' : 'reviewer';
}

export const roleNames: Readonly<Record<Role, 'Reviewer' | 'Responder'>> = { reviewer: 'Reviewer', responder: 'Responder' };

/** `Reviewer` or `Responder`: how the file, the messages and the prompts name a role. */
export function roleName(role: Role): 'Reviewer' | 'Responder' {
  return roleNames[role];
}

/** The role a signature's role field names (any letter case), or null for anything else. */
export function roleNamed(text: string): Role | null {
  const role = text.trim().toLowerCase();
  return role === 'reviewer' || role === 'responder' ? role : null;
}

/** How code-debate's signature line starts: `*— Reviewer · agent · 2026-01-01T00:00:00Z*`. */
export const signatureStart = '*— ';

/** A signature line, trimmed: role, agent and time (UTC, ISO 8601), separated by `·`, in emphasis. */
export const signaturePattern = /^\*\s*—\s*(.+?)\s*·\s*(.+?)\s*·\s*(\S+?)\s*\*$/;

/** The signature `line` is, or null. */
export function readSignature(line: string): Signature | null {
  const match = signaturePattern.exec(line.trim());
  return match?.[1] && match[2] && match[3] ? { role: match[1], agent: match[2], time: match[3] } : null;
}

/** The signature line code-debate writes under a section: the agent's name kept to one line of 60 characters, the time to the second. */
export function renderSignature(role: Role, agent: string, time: Date): string {
  const name = agent
    .replace(/[*·\n\r]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return `${signatureStart}${roleName(role)} · ${name} · ${time.toISOString().replace(/\.\d{3}Z$/, 'Z')}*`;
}
