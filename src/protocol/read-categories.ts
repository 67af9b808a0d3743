import type { Category, Point } from './document.js';
import type { LabelReading } from './read-labels.js';
import { readAnswers, readWholeAnswer } from './read-answers.js';

export interface PointReply {
  /** null when the reply gives no category, or two different ones: never guessed. */
  category: Category | null;
  /** How the category was read: what to quote back when it could not be. */
  reading: LabelReading<'category'>;
  /** The Markdown of that point's reply. */
  text: string;
}

/**
 * Each point's reply in a Response body, found by the markers PROTOCOL.md allows, with its
 * category read by the label grammar (see readLabels). A point the body does not mention is absent
 * from the map; a body with no marker at all answers the only point, when there is one.
 */
export function readCategories(body: string, points: readonly Point[]): Map<string, PointReply> {
  const replies = new Map<string, PointReply>();
  const answers = readAnswers('category', body);
  if (answers.length === 0 && points.length === 1 && points[0]) {
    replies.set(points[0].id, replyOf(readWholeAnswer('category', body, points[0].number), body.trim()));
    return replies;
  }
  const known = new Set(points.map((point) => point.id));
  for (const answer of answers) if (known.has(answer.id)) replies.set(answer.id, replyOf(answer.reading, answer.text));
  return replies;
}

function replyOf(reading: LabelReading<'category'>, text: string): PointReply {
  return { category: reading.state === 'read' ? reading.value : null, reading, text };
}
