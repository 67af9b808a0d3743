import type { TurnKind } from '../agents/agent.js';
import { trackPoints } from '../ledger/track-points.js';
import type { DebateDocument } from './document.js';
import { readCategories } from './read-categories.js';
import { splitPointBlocks } from './split-point-blocks.js';
import { readPoints } from './read-points.js';

/**
 * What makes an agent's (sanitized) text unusable as the section it was asked for, as sentences
 * to send back to it; empty when the text will do. A review raises numbered points, each with a
 * severity; a response categorizes every open point; a follow-up speaks only of open points
 * (or raises new ones with new ids). A CONSENSUS narrative is free text.
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

function checkReview(body: string): string[] {
  if (splitPointBlocks(body).length === 0) {
    return ['It raises no numbered point: write each point under its own heading `### R1. <title>`, `### R2. <title>`, ...'];
  }
  const unrated = readPoints(body).filter((point) => point.severity === null);
  if (unrated.length === 0) return [];
  return [`${list(unrated.map((point) => point.id))} ${unrated.length === 1 ? 'has' : 'have'} no severity: add a line \`**Severity:** critical|high|medium|low|nit\` to each point.`];
}

function checkResponse(body: string, document: DebateDocument): string[] {
  const open = trackPoints(document).filter((state) => !state.resolved).map((state) => state.point);
  const replies = readCategories(body, open);
  const missing = open.filter((point) => !replies.has(point.id)).map((point) => point.id);
  const uncategorized = open.filter((point) => replies.get(point.id)?.category === null).map((point) => point.id);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`It does not answer ${list(missing)}: answer every open point under its own heading \`### R1. <title>\`.`);
  if (uncategorized.length > 0) {
    problems.push(`It does not categorize ${list(uncategorized)}: start each answer with **Agreed**, **Partially agreed** or **Disagreed**.`);
  }
  return problems;
}

function checkFollowUp(body: string, document: DebateDocument): string[] {
  const states = trackPoints(document);
  const resolved = new Set(states.filter((state) => state.resolved).map((state) => state.point.id));
  const addressed = splitPointBlocks(body).map((block) => `R${block.number}`);
  const closed = [...new Set(addressed.filter((id) => resolved.has(id)))];
  if (closed.length === 0) return [];
  return [`It addresses ${list(closed)}, already resolved: a follow-up speaks only of the points still open (or raises a new one with the next free id).`];
}

function list(ids: readonly string[]): string {
  return ids.length === 1 ? (ids[0] ?? '') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1) ?? ''}`;
}
