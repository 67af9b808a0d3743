import { checkAnswerData, type AnswerCheck, type AnswerScope } from './answer-schema.js';
import { answerPositions, heldPositions, labelsOf } from './position.js';
import { codeLineFlags } from './code-line-flags.js';
import { locateJsonError, type JsonError } from './locate-json-error.js';
import type { DebateDocument, Role } from './document.js';
import { labelNouns } from './read-lead-label.js';
import { bodiesReadAlone, nextNumberFor, readSection, type BodyReadings, type KnownPoint, type UnreadLabel } from './read-section.js';
import { trackPoints, type PointState } from './track-points.js';
import { isAnswering, type FollowingKind } from './turn-table.js';

/** What a turn's answer is read against: its scope, every point known (settled ones may be remarked on), and the next free number. */
export type AnswerContext = AnswerScope & { nextNumber: number; known: KnownPoint[] };

/** The points `role`'s `turn` may speak of, from the document as it stands (`points`: its points' states, when a reader has them). */
export function scopeOf(turn: FollowingKind, role: Role, document: DebateDocument, points?: readonly PointState[]): AnswerContext {
  const states = isAnswering(turn) ? (points ?? trackPoints(document)) : [];
  const open = states.filter((state) => !state.resolved);
  return {
    turn,
    role,
    toAnswer: open.filter((state) => state.owner !== role).map((state) => state.point.id),
    // A point the other side never answered is not held: it is open, and asked for again (see renderRestateRequest), not disputed.
    toHold: open.filter((state) => state.owner === role && state.answer !== null).map((state) => state.point.id),
    nextNumber: nextNumberFor(
      role,
      states.map((state) => state.point),
    ),
    known: states.map((state) => ({ id: state.point.id, open: !state.resolved, title: state.point.title })),
  };
}

/**
 * An agent's answer to `scope`, as data: its JSON (bare, or the one JSON object of a fenced
 * block), validated against the turn's schema; or, for an agent that wrote Markdown (a `cmd:`
 * program, a person), that Markdown read as readSection reads a peer's, which must then give
 * every open point of the other side a label. The problems say what to fix, field by field.
 * `bodies` reads Markdown as a reader of the debate does (see BodyReadings): a side's reader, so
 * that its text is cut into points once, here and again once it is in the file.
 */
export function readAgentAnswer(text: string, scope: AnswerContext, bodies: BodyReadings = bodiesReadAlone): AnswerCheck & { json: boolean } {
  const json = findJson(text, bodies);
  if (json !== undefined) return { ...checkAnswerData(json, scope, scope.nextNumber), json: true };
  // JSON that does not parse is no Markdown answer: telling a model asked for JSON to write headings misleads it.
  const broken = findBrokenJson(text, bodies);
  if (broken !== null) {
    return {
      ok: false,
      problems: [`The JSON did not parse: ${broken.what}, at ${broken.line}:${broken.column} (line:column). Send the whole JSON object again, complete and valid.`],
      json: true,
    };
  }
  return { ...readMarkdownAnswer(text, scope, bodies), json: false };
}

/**
 * Where an answer meant as JSON breaks it, or null: the text is an object (it opens with `{`) or,
 * marking no point in Markdown, holds one fenced JSON block (closed or cut off) that does not
 * parse. Lines count from the answer's first line.
 */
export function findBrokenJson(text: string, bodies: BodyReadings = bodiesReadAlone): JsonError | null {
  const start = text.search(/\S/);
  if (start >= 0 && text[start] === '{') return locateJsonError(text);
  if (bodies.blocks(text.trim()).length > 0) return null;
  const lines = text.split('\n');
  const candidates = fencedBlocks(lines).filter((block) => block.json && block.lines.some((line) => line.trim() !== ''));
  const [block] = candidates;
  if (block === undefined || candidates.length > 1) return null;
  const error = locateJsonError(block.lines.join('\n'));
  return error === null ? null : { ...error, line: error.line + block.start };
}

/** The fenced code blocks of `lines`: their lines, the index of their first, whether they are tagged `json` or untagged and open with `{`, and whether they close. */
function fencedBlocks(lines: readonly string[]): Array<{ lines: string[]; start: number; json: boolean; closed: boolean }> {
  const inCode = codeLineFlags(lines);
  const blocks: Array<{ lines: string[]; start: number; json: boolean; closed: boolean }> = [];
  let current: { lines: string[]; start: number; tag: string } | null = null;
  const end = (closed: boolean) => {
    if (current === null) return;
    const first = current.lines.find((line) => line.trim() !== '')?.trim() ?? '';
    blocks.push({ lines: current.lines, start: current.start, json: /^json/i.test(current.tag) || (current.tag === '' && first.startsWith('{')), closed });
    current = null;
  };
  lines.forEach((line, index) => {
    const fence = /^ {0,3}(`{3,}|~{3,})\s*(\w*)/.exec(line);
    if (current === null && fence && inCode[index]) current = { lines: [], start: index + 1, tag: fence[2] ?? '' };
    else if (current !== null && (!inCode[index] || (fence && line.trim() === fence[1]))) end(true);
    else if (current !== null) current.lines.push(line);
  });
  end(false);
  return blocks;
}

/** The JSON object `text` is, or holds in its one fenced block (a model's `Here it is: ```json …```), when it marks no point; undefined otherwise. */
export function findJson(text: string, bodies: BodyReadings = bodiesReadAlone): unknown {
  const trimmed = text.trim();
  const whole = parseObject(trimmed);
  if (whole !== undefined) return whole;
  // Markdown that marks points is an answer in Markdown, whatever JSON its reasoning quotes.
  if (bodies.blocks(trimmed).length > 0) return undefined;
  const blocks = fencedBlocks(trimmed.split('\n'))
    .filter((block) => block.closed && block.json)
    .map((block) => block.lines.join('\n'));
  const found = blocks.map(parseObject).filter((value) => value !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

function parseObject(text: string): unknown {
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function readMarkdownAnswer(text: string, scope: AnswerContext, bodies: BodyReadings): AnswerCheck {
  const reading = readSection(scope.turn, text, scope.known, bodies);
  const problems: string[] = [];
  const unread = new Map(reading.unread.map((item) => [item.id, item]));
  if (!isAnswering(scope.turn) && reading.newPoints.length === 0) {
    problems.push('It raises no point: write each point under its own heading `### R1. <title>`, with a `**Severity:**` line under it.');
  }
  for (const id of scope.toAnswer) {
    if (reading.answers.some((answer) => answer.id === id)) continue;
    const why = unread.get(id);
    problems.push(why ? unreadProblem(why) : `${id} is not answered: answer it under its own heading \`### ${id} — <label>\`.`);
  }
  for (const id of scope.toHold) {
    const why = unread.get(id);
    if (why) problems.push(unreadProblem(why));
  }
  for (const point of reading.newPoints) {
    if (point.severity === null)
      problems.push(`${point.id} has no severity that can be read: add one line \`**Severity:** critical|high|medium|low|nit\` right under its heading.`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const remarks = reading.remarks.map((id) => `*On ${id}, already settled:* ${(reading.texts.get(id) ?? '').split('\n').slice(1).join(' ').replace(/\s+/g, ' ').trim()}`);
  return {
    ok: true,
    answer: {
      summary: [reading.summary, ...remarks].filter((part) => part !== '').join('\n\n'),
      answers: reading.answers,
      positions: reading.positions,
      newPoints: reading.newPoints.map((point, index) => ({ ...point, id: `${point.id.charAt(0)}${scope.nextNumber + index}` })),
    },
  };
}

const asked: Record<UnreadLabel['kind'], (id: string) => string> = {
  answer: (id) => `Put exactly one of ${labelsOf(answerPositions).join(', ')} in the point's heading: \`### ${id} — Agreed\``,
  held: (id) => `Put exactly one of ${labelsOf(heldPositions).join(', ')} in the point's heading: \`### ${id} — Maintained\``,
  severity: () => 'Add one line `**Severity:** critical|high|medium|low|nit` right under its heading',
};

function unreadProblem(unread: UnreadLabel): string {
  return `${unread.id}: no ${labelNouns[unread.kind]} could be read in "${excerpt(unread.line)}" (${unread.why}). ${asked[unread.kind](unread.id)}.`;
}

function excerpt(line: string): string {
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
