import type { Category, Point } from '../../protocol/document.js';
import { plural } from './format-markdown.js';
import type { PointJudgement } from './judge-point.js';

export const responseNote =
  "_Rule-based response by code-debate's built-in agent: it checks each point's evidence against the change and the work tree; it is not a language model._";

export const categoryLabels: Readonly<Record<Category, string>> = {
  agreed: 'Agreed',
  'partially-agreed': 'Partially agreed',
  disagreed: 'Disagreed',
};

/** A Response: one `### R<n>.` reply per open point, its category the first word, then what was checked. */
export function writeResponse(judgements: readonly PointJudgement[]): string {
  if (judgements.length === 0) return `${responseNote}\n\nEvery point of the review is already resolved; nothing is left to answer.`;
  const counts = (Object.keys(categoryLabels) as Category[])
    .map((category) => [category, judgements.filter((judgement) => judgement.category === category).length] as const)
    .filter(([, count]) => count > 0)
    .map(([category, count]) => `${count} ${categoryLabels[category].toLowerCase()}`);
  const intro = `Answered ${plural(judgements.length, 'open point')}: ${counts.join(', ')}.`;
  return [responseNote, intro, ...judgements.map(writeReply)].join('\n\n');
}

function writeReply(judgement: PointJudgement): string {
  const parts = [pointHeading(judgement.point), `**${categoryLabels[judgement.category]}** — ${judgement.summary}`];
  if (judgement.details.length > 0) parts.push(judgement.details.map((detail) => `- ${detail}`).join('\n'));
  return parts.join('\n\n');
}

/** `### R1. <title>`, the point's own title so a reader sees what is answered. */
export function pointHeading(point: Point): string {
  const title = point.title.replace(/\s+/g, ' ').trim();
  return `### ${point.id}. ${title === '' ? 'Point' : title}`;
}
