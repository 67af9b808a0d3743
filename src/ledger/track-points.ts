import type { Category, DebateDocument, Point } from '../protocol/document.js';
import { readCategories } from '../protocol/read-categories.js';
import { toPoint } from '../protocol/read-points.js';
import { replyOf, splitPointBlocks } from '../protocol/split-point-blocks.js';

export type ReviewerReply = 'maintained' | 'withdrawn' | 'accepted';

export interface PointState {
  point: Point;
  /** Round the point was raised in: 1 for the Review's points. */
  raisedIn: number;
  /** The responder's latest category, null while uncategorized. */
  category: Category | null;
  reviewerReply: ReviewerReply | null;
  resolved: boolean;
}

// `I will not withdraw it` withdraws nothing: a negated word is no reply at all.
const notNegated = String.raw`(?<!(?:\bnot|\bcannot|\bnever|n['’]t)\s+)`;
const reviewerWords: ReadonlyArray<[RegExp, ReviewerReply]> = [
  [new RegExp(String.raw`${notNegated}\bwithdra(?:w|wn|ws|wing)\b`, 'i'), 'withdrawn'],
  [new RegExp(String.raw`${notNegated}\b(?:accept(?:ed|s)?|concede[ds]?)\b`, 'i'), 'accepted'],
  [new RegExp(String.raw`${notNegated}\bmaintain(?:ed|s)?\b`, 'i'), 'maintained'],
];

/**
 * Every point's state after the last section, read from the document alone. A point is resolved
 * when the responder Agreed it or the reviewer withdrew it or accepted the response; a follow-up
 * that maintains a point reopens it, and a follow-up may raise new points with the next ids.
 */
export function trackPoints(document: DebateDocument): PointState[] {
  const states = new Map<string, PointState>(
    document.points.map((point) => [point.id, { point, raisedIn: 1, category: null, reviewerReply: null, resolved: false }]),
  );
  for (const section of document.sections) {
    if (section.kind === 'response') {
      const open = [...states.values()].filter((state) => !state.resolved);
      for (const [id, reply] of readCategories(section.body, open.map((state) => state.point))) {
        const state = states.get(id);
        if (!state) continue;
        state.category = reply.category;
        state.reviewerReply = null;
        state.resolved = reply.category === 'agreed';
      }
    } else if (section.kind === 'follow-up') {
      for (const block of splitPointBlocks(section.body)) {
        const id = `R${block.number}`;
        const state = states.get(id);
        if (!state) {
          // A new point needs an explicit id or heading: a numbered list of reasons is not one.
          if (block.style === 'numbered') continue;
          states.set(id, { point: toPoint(block.number, block.title, block.text), raisedIn: section.number + 1, category: null, reviewerReply: null, resolved: false });
          continue;
        }
        if (state.resolved) continue;
        const reply = readReviewerReply(replyOf(block));
        state.reviewerReply = reply;
        if (reply === 'withdrawn' || reply === 'accepted') state.resolved = true;
      }
    }
  }
  return [...states.values()];
}

/** A bold label (`**Maintained**`) wins; otherwise the first of the reply words. */
function readReviewerReply(text: string): ReviewerReply | null {
  const bold = [...text.matchAll(/\*\*([^*\n]+)\*\*/g)].map((match) => match[1] ?? '').join(' · ');
  return firstReply(bold) ?? firstReply(text);
}

function firstReply(text: string): ReviewerReply | null {
  let best: { index: number; reply: ReviewerReply } | null = null;
  for (const [pattern, reply] of reviewerWords) {
    const index = text.search(pattern);
    if (index >= 0 && (best === null || index < best.index)) best = { index, reply };
  }
  return best?.reply ?? null;
}
