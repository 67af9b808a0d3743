import { isAnswering, peerOf, roleName } from '../../protocol/turn-table.js';
import type { PointState } from '../../protocol/track-points.js';
import type { Role, SectionKind } from '../../protocol/document.js';
import { wrapForComment, type PointContext } from './human-draft-context.js';

export interface DraftInput {
  role: Role;
  turn: SectionKind;
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
  /** Each open point's evidence and each side's latest words, by id. */
  contexts?: ReadonlyMap<string, PointContext>;
  /** What happened since the last draft this person saw (the log is hidden while the editor runs), one line each. */
  since?: readonly string[];
  /** For a Review: the change under review, shown below the scissors line and removed on save. */
  diff?: string | null;
}

/** The line below which the draft is not read, as `git commit -v` has it. */
export const scissors = '# ------------------------ >8 ------------------------';
/** Comment lines are kept within this many columns. */
const commentWidth = 76;

/** What a side may reply on a point: an answer on the other side's, a position it holds on its own. */
const answerChoices = '**Agreed**, **Partially agreed** or **Disagreed**';
const heldChoices = '**Maintained**, **Accepted** or **Withdrawn**';

const turnGuides: Record<SectionKind, string[]> = {
  review: [
    'Raise each point under a heading of its own, with its severity and evidence:',
    '',
    '  ### R1. <title>',
    '  **Severity:** critical | high | medium | low | nit',
    '  **Evidence:** `path/to/file.ts:42`',
    '  <what is wrong, and what to do about it>',
  ],
  response: [
    'Answer every open point under its heading, starting with exactly one of:',
    '  **Agreed**            the point is right; say what will be done',
    '  **Partially agreed**  what you agree with and what not, with reasoning',
    '  **Disagreed**         why not, with evidence (`path:line`, code, docs)',
  ],
  'follow-up': [
    'Answer only the points still open, each under its heading, with one of:',
    '  **Maintained**  you keep the point; answer the reasoning with new evidence',
    '  **Accepted**    the answer convinces you',
    '  **Withdrawn**   the point does not hold; say why',
    'Delete the heading of a point you leave as it is.',
    "Answer the Responder's own points (F1, ...) with **Agreed**,",
    '**Partially agreed** or **Disagreed**, like a Response.',
    'Raise a new point as `### R<next id>. <title>`.',
  ],
  consensus: [
    'Write the closing summary: what was decided, and the action items.',
    'code-debate opens the section with the outcome and the lists of agreed',
    'and disputed points itself.',
  ],
};

/**
 * The file a person edits to write one section: an HTML comment saying what to write (removed
 * when the draft is read back), then, for a response or a follow-up, one heading per open point
 * with the replies to choose from in a comment below it. Everything outside comments is the text.
 */
export function renderDraft(input: DraftInput): string {
  const role = roleName(input.role);
  const lines = [
    `code-debate: you are the ${role}. Write \`## ${input.heading}\`,`,
    'below this comment; code-debate adds the heading, the separator and your',
    'signature.',
    `The debate so far is in ${input.file}.`,
    '',
    ...turnGuides[input.turn],
  ];
  if (!isAnswering(input.turn) && input.open.length > 0) {
    lines.push('', 'Points still open:', ...input.open.map((state) => `  ${describePoint(state)}`));
  }
  lines.push(
    '',
    'HTML comments like this one are removed. Save and quit when you are done;',
    `a draft left empty or unchanged is not a turn. code-debate waits`,
    `${formatWait(input.timeoutMs)} (--agent-timeout).`,
  );
  if (input.since !== undefined && input.since.length > 0) lines.push('', 'Since your last draft:', ...input.since.map((line) => `  ${line}`));
  if (input.notices.length > 0) lines.push('', ...input.notices);
  const change =
    input.turn === 'review' && input.diff
      ? `\n${scissors}\n# Do not modify or remove the line above: everything below it is removed on save.\n# The change under review (\`git diff\` of the subject):\n\n${input.diff}`
      : '';
  return `${comment(lines)}\n\n${input.previous ?? skeleton(input)}\n${change}`;
}

function skeleton(input: DraftInput): string {
  if (!isAnswering(input.turn)) return '';
  return input.open
    .map((state) => {
      const choices = state.owner === input.role ? heldChoices : answerChoices;
      return `### ${state.point.id}. ${state.point.title}\n${comment(pointGuide(state, choices, input.contexts?.get(state.point.id)))}\n\n`;
    })
    .join('\n');
}

/** Under an open point: how it stands, where it points, each side's latest words, and what to reply. */
function pointGuide(state: PointState, choices: string, context: PointContext | undefined): string[] {
  const lines = [`${describeState(state)}. Reply with ${choices},`, 'then say why.'];
  if (context === undefined) return lines;
  if (context.evidence.length > 0) lines.push(...wrapForComment(`Evidence: ${context.evidence.join(', ')}`, commentWidth, 3));
  for (const [side, said] of [
    ['Reviewer', context.reviewer],
    ['Responder', context.responder],
  ] as const) {
    if (said === null) continue;
    lines.push('', `The ${side}, in ${said.section}:`, ...wrapForComment(said.text, commentWidth - 2, 12).map((line) => `  ${line}`));
  }
  return lines;
}

function describePoint(state: PointState): string {
  return `${state.point.id}. ${state.point.title} (${describeState(state)})`;
}

function describeState(state: PointState): string {
  const parts = [state.point.severity ?? 'no severity'];
  const [raiser, answerer] = [roleName(state.owner), roleName(peerOf(state.owner))];
  if (state.answer !== null) parts.push(`the ${answerer}: ${state.answer.replace('-', ' ')}`);
  if (state.held !== null) parts.push(`the ${raiser}: ${state.held.replace('-', ' ')}`);
  return parts.join(' · ');
}

/** One HTML comment, every line within 80 columns; `-->` in a title or a notice must not end it early. */
function comment(lines: readonly string[]): string {
  const text = lines.flatMap(fitLine).map((line) => line.replaceAll('-->', '-- >').replaceAll('--!>', '--! >'));
  if (text.length === 1) return `<!-- ${text[0] ?? ''} -->`;
  return `<!--\n${text.map((line) => (line === '' ? '' : `  ${line}`)).join('\n')}\n-->`;
}

/** A line wrapped within the comment's width, its indent kept on every part. */
function fitLine(line: string): string[] {
  if (line.length <= commentWidth) return [line];
  const indent = /^\s*/.exec(line)?.[0] ?? '';
  return wrapForComment(line.slice(indent.length), commentWidth - indent.length, Number.MAX_SAFE_INTEGER).map((part) => `${indent}${part}`);
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
