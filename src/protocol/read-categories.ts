import type { Category, Point } from './document.js';
import { memoizeText, memoLimits } from './memoize-text.js';
import { replyOf, splitPointBlocks } from './split-point-blocks.js';

export interface PointReply {
  /** null when the reply does not say Agreed, Partially agreed or Disagreed: never guessed. */
  category: Category | null;
  /** The Markdown of that point's reply. */
  text: string;
}

const boldLabel = /\*\*\s*(partially\s+agreed?|partly\s+agreed?|disagreed?|agreed?)\s*[.:]?\s*\*\*/i;
// `I do not agree` is not an Agreed: a negated word is no label at all.
const plainLabel = /(?<!(?:\bnot|\bcannot|\bnever|n['’]t)\s+)\b(partially\s+agreed?|partly\s+agreed?|disagreed?|agreed?)\b/i;

/**
 * Each point's reply in a Response body, found by the markers PROTOCOL.md allows, with its
 * category. A point the body does not mention is absent from the map.
 */
export function readCategories(body: string, points: readonly Point[]): Map<string, PointReply> {
  const replies = new Map<string, PointReply>();
  const blocks = splitPointBlocks(body);
  if (blocks.length === 0 && points.length === 1 && points[0]) {
    replies.set(points[0].id, { category: readCategory(body), text: body.trim() });
    return replies;
  }
  const known = new Set(points.map((point) => point.id));
  for (const block of blocks) {
    const id = `R${block.number}`;
    if (known.has(id) && !replies.has(id)) replies.set(id, { category: readCategory(replyOf(block)), text: block.text });
  }
  return replies;
}

/** The first category label in `text`, bold labels first. */
export function readCategory(text: string): Category | null {
  return categoryOnce(text);
}

// Each reply is read once, not once per turn (see memoizeText).
const categoryOnce = memoizeText(readLabel, memoLimits.replies);

function readLabel(text: string): Category | null {
  const label = (boldLabel.exec(text) ?? plainLabel.exec(text))?.[1]?.toLowerCase();
  if (label === undefined) return null;
  if (label.startsWith('partially') || label.startsWith('partly')) return 'partially-agreed';
  return label.startsWith('disagree') ? 'disagreed' : 'agreed';
}
