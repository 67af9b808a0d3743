import type { PointState } from '../protocol/track-points.js';
import type { Role, TurnKind } from './agent.js';

export interface DraftInput {
  role: Role;
  turn: TurnKind;
  /** The section's heading, e.g. `Response 2`. */
  heading: string;
  /** Absolute path of the shared file, where the debate so far is. */
  file: string;
  /** The points still open, in order. */
  open: readonly PointState[];
  timeoutMs: number;
  /** The person's earlier text for this section, when code-debate asks again; replaces the skeleton. */
  previous: string | null;
  /** Why the draft is opened again, one line each. */
  notices: readonly string[];
}

const replyChoices: Partial<Record<TurnKind, string>> = {
  response: '**Agreed**, **Partially agreed** or **Disagreed**',
  'follow-up': '**Maintained**, **Accepted** or **Withdrawn**',
};

const turnGuides: Record<TurnKind, string[]> = {
  review: [
    'Raise each point under its own heading with the next id, its severity and its evidence:',
    '',
    '  ### R1. <title>',
    '  **Severity:** critical | high | medium | low | nit',
    '  **Evidence:** `path/to/file.ts:42`',
    '  <what is wrong, and what to do about it>',
  ],
  response: [
    'Answer every open point under its heading, starting with exactly one of:',
    '  **Agreed**            the point is right; say what will be done',
    '  **Partially agreed**  what you agree with and what you do not, with reasoning',
    '  **Disagreed**         why not, with evidence (`path:line`, code, documentation)',
  ],
  'follow-up': [
    'Answer only the points still open, each under its heading, starting with exactly one of:',
    '  **Maintained**  you keep the point; answer the reasoning with new evidence',
    '  **Accepted**    the answer convinces you',
    '  **Withdrawn**   the point does not hold; say why',
    'Delete the heading of a point you leave as it is. Raise a new point as `### R<next id>. <title>`.',
  ],
  consensus: [
    'Write the closing summary: what was decided and the action items. code-debate opens the',
    'section with the outcome and the lists of agreed and disputed points itself.',
  ],
};

/**
 * The file a person edits to write one section: an HTML comment saying what to write (removed
 * when the draft is read back), then, for a response or a follow-up, one heading per open point
 * with the replies to choose from in a comment below it. Everything outside comments is the text.
 */
export function renderDraft(input: DraftInput): string {
  const role = input.role === 'reviewer' ? 'Reviewer' : 'Responder';
  const lines = [
    `code-debate: you are the ${role}. Write the section \`## ${input.heading}\` below this comment;`,
    'code-debate adds the heading, the separator and your signature.',
    `The debate so far is in ${input.file}.`,
    '',
    ...turnGuides[input.turn],
  ];
  if (input.turn !== 'response' && input.turn !== 'follow-up' && input.open.length > 0) {
    lines.push('', 'Points still open:', ...input.open.map((state) => `  ${describePoint(state)}`));
  }
  lines.push(
    '',
    'HTML comments like this one are removed. Save and quit when you are done; a draft left empty',
    `or unchanged is not a turn. code-debate waits ${formatWait(input.timeoutMs)} (--agent-timeout).`,
  );
  if (input.notices.length > 0) lines.push('', ...input.notices);
  return `${comment(lines)}\n\n${input.previous ?? skeleton(input)}\n`;
}

function skeleton(input: DraftInput): string {
  const choices = replyChoices[input.turn];
  if (choices === undefined) return '';
  return input.open
    .map((state) => `### ${state.point.id}. ${state.point.title}\n${comment([`${describeState(state)}. Reply with ${choices}, then say why.`])}\n\n`)
    .join('\n');
}

function describePoint(state: PointState): string {
  return `${state.point.id}. ${state.point.title} (${describeState(state)})`;
}

function describeState(state: PointState): string {
  const parts = [state.point.severity ?? 'no severity'];
  if (state.category !== null) parts.push(`the Responder: ${state.category.replace('-', ' ')}`);
  if (state.reviewerReply !== null) parts.push(`the Reviewer: ${state.reviewerReply.replace('-', ' ')}`);
  return parts.join(' · ');
}

/** One HTML comment; `-->` in a title or a notice must not end it early. */
function comment(lines: readonly string[]): string {
  const text = lines.map((line) => line.replaceAll('-->', '-- >').replaceAll('--!>', '--! >'));
  if (text.length === 1) return `<!-- ${text[0] ?? ''} -->`;
  return `<!--\n${text.map((line) => (line === '' ? '' : `  ${line}`)).join('\n')}\n-->`;
}

function formatWait(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return plural(ms / 3_600_000, 'hour');
  if (ms >= 60_000 && ms % 60_000 === 0) return plural(ms / 60_000, 'minute');
  if (ms >= 1_000 && ms % 1_000 === 0) return plural(ms / 1_000, 'second');
  return `${ms} ms`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
