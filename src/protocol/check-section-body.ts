import type { DebateDocument, TurnKind } from './document.js';
import type { LabelKind } from './label-words.js';
import { readAnswers } from './read-answers.js';
import { readCategories } from './read-categories.js';
import type { LabelReading } from './read-labels.js';
import { readPointSeverity } from './read-points.js';
import { splitPointBlocks } from './split-point-blocks.js';
import { trackPoints } from './track-points.js';

/**
 * What makes an agent's (sanitized) text unusable as the section it was asked for, as sentences
 * to send back to it; empty when the text will do. A review raises numbered points, each with one
 * severity; a response gives every open point one category; a follow-up gives each open point it
 * speaks of one position, reopens no resolved point, and rates the points it raises. A label that
 * cannot be read is quoted back with what is missing there. A CONSENSUS narrative is free text.
 */
export function checkSectionBody(turn: TurnKind, body: string, document: DebateDocument): string[] {
  switch (turn) {
    case 'review':
      return checkReview(body);
    case 'response':
      return checkResponse(body, document);
    case 'follow-up':
      return checkFollowUp(body, document);
    case 'consensus':
      return [];
  }
}

const asked: Record<LabelKind, string> = {
  category: 'Start the answer with exactly one of **Agreed**, **Partially agreed** or **Disagreed**, in bold (`**Agreed**: …`)',
  position: 'Start the answer with exactly one of **Maintained**, **Accepted** or **Withdrawn**, in bold (`**Maintained**: …`)',
  severity: 'Add one line `**Severity:** critical|high|medium|low|nit` to it',
};
const named: Record<LabelKind, { one: string; many: string }> = {
  category: { one: 'category', many: 'categories' },
  position: { one: 'position', many: 'positions' },
  severity: { one: 'severity', many: 'severities' },
};

function checkReview(body: string): string[] {
  const blocks = splitPointBlocks(body);
  if (blocks.length === 0) {
    return ['It raises no numbered point: write each point under its own heading `### R1. <title>`, `### R2. <title>`, ...'];
  }
  const seen = new Set<number>();
  return blocks
    .filter((block) => !seen.has(block.number) && seen.add(block.number))
    .flatMap((block) => unread('severity', `R${block.number}`, readPointSeverity(block, body), block.text));
}

function checkResponse(body: string, document: DebateDocument): string[] {
  const open = trackPoints(document).filter((state) => !state.resolved).map((state) => state.point);
  const replies = readCategories(body, open);
  const missing = open.filter((point) => !replies.has(point.id)).map((point) => point.id);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`It does not answer ${list(missing)}: answer every open point under its own heading \`### R1. <title>\`.`);
  for (const point of open) {
    const reply = replies.get(point.id);
    if (reply) problems.push(...unread('category', point.id, reply.reading, reply.text));
  }
  return problems;
}

function checkFollowUp(body: string, document: DebateDocument): string[] {
  const states = new Map(trackPoints(document).map((state) => [state.point.id, state]));
  const answers = readAnswers('position', body);
  const closed = answers.filter((answer) => states.get(answer.id)?.resolved === true).map((answer) => answer.id);
  const problems: string[] = [];
  if (closed.length > 0) {
    problems.push(`It addresses ${list(closed)}, already resolved: a follow-up speaks only of the points still open (or raises a new one with the next free id).`);
  }
  for (const answer of answers) {
    const state = states.get(answer.id);
    if (state?.resolved === false) problems.push(...unread('position', answer.id, answer.reading, answer.text));
    // A new point is raised like a Review's: with one severity. A numbered list of reasons raises none.
    else if (state === undefined && answer.block !== null && answer.block.style !== 'numbered') {
      problems.push(...unread('severity', answer.id, readPointSeverity(answer.block, body), answer.text));
    }
  }
  return problems;
}

/** What is wrong with a point's label: nothing, none given (quoting what was written), or two given (quoting both). */
function unread<K extends LabelKind>(kind: K, id: string, reading: LabelReading<K>, text: string): string[] {
  if (reading.state === 'read') return [];
  if (reading.state === 'missing') return [`${id}: no ${named[kind].one} could be read in ${quote(text)}. ${asked[kind]}.`];
  const values = [...new Set(reading.found.map((label) => label.value))];
  const where = values.map((value) => `${value.replace('-', ' ')} (in ${quote(reading.found.find((label) => label.value === value)?.line ?? '')})`);
  const count = values.length === 2 ? 'two' : String(values.length);
  return [`${id} is given ${count} different ${named[kind].many}: ${list(where)}. Keep only the one you mean.`];
}

/** A short excerpt of what the agent wrote, on one line. */
function quote(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  let excerpt = lines.slice(0, 3).join(' ⏎ ');
  if (excerpt.length > 160) excerpt = `${excerpt.slice(0, 159)}…`;
  else if (lines.length > 3) excerpt += ' …';
  return `"${excerpt}"`;
}

function list(items: readonly string[]): string {
  return items.length === 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}
