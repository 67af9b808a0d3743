import type { Category, DebateDocument, Point, Section } from './document.js';
import type { Position } from './label-words.js';
import { readAnswers } from './read-answers.js';
import { readCategories, type PointReply } from './read-categories.js';
import { toPoint } from './read-points.js';

/** The Reviewer's position on a point in a follow-up, read by the label grammar. */
export type ReviewerReply = Position;

export interface PointState {
  point: Point;
  /** Round the point was raised in: 1 for the Review's points. */
  raisedIn: number;
  /** The responder's latest category, null while uncategorized. */
  category: Category | null;
  reviewerReply: ReviewerReply | null;
  resolved: boolean;
}

/**
 * What the walk sees, in document order, for callers that keep the history (the ledger). Each
 * call comes after the state was updated. `responded` is called for every point that was open
 * before the Response, with null when the Response does not mention it.
 */
export interface PointObserver {
  raised?(state: PointState, section: Section): void;
  responded?(state: PointState, reply: PointReply | null, section: Section): void;
  replied?(state: PointState, reply: ReviewerReply | null, text: string, section: Section): void;
}

/**
 * Every point's state after the last section, read from the document alone. A point is resolved
 * when the responder Agreed it or the reviewer withdrew it or accepted the response (in full or in
 * part), each label read by the grammar of readLabels; a follow-up
 * that maintains a point reopens it, and a follow-up may raise new points with the next ids.
 */
export function trackPoints(document: DebateDocument, observer?: PointObserver, from?: WalkProgress): PointState[] {
  if (observer !== undefined) {
    const walked = walkPoints(document, observer, from ?? null);
    // The ledger's walk ends where a plain one would: the session's next question costs no walk.
    if (!tracked.has(document)) tracked.set(document, walked.map((state) => ({ ...state })));
    return walked;
  }
  let states = tracked.get(document);
  if (states === undefined) {
    states = walkPoints(document, {}, progressFor(document));
    tracked.set(document, states);
  }
  // Copies: a caller may change its states, never another caller's.
  return states.map((state) => ({ ...state }));
}

// A turn reads the states of the document it decided on several times (see parseDocument): they are walked once.
const tracked = new WeakMap<DebateDocument, readonly PointState[]>();

/** The last document walked to its end, and the states it ended with (copies no caller has). */
let lastWalked: { document: DebateDocument; states: readonly PointState[] } | null = null;

/**
 * Where a walk of `document` can start: the end of the last walk, when that document's sections
 * are the first of this one's (the same objects: the file grew, see parseDocument) and its
 * Review's points are this one's. Null to walk from the start.
 */
function progressFor(document: DebateDocument): WalkProgress | null {
  const before = lastWalked?.document;
  if (before === undefined || before.points !== document.points || before.sections.length > document.sections.length) return null;
  if (!before.sections.every((section, index) => section === document.sections[index])) return null;
  return { sections: before.sections.length, states: lastWalked?.states ?? [] };
}

/**
 * Where a walk stood after the first `sections` sections of a document: each point's state, in
 * the order the points were raised. A walk given one goes on from there (its observer hears only
 * the later sections), for a document whose first sections are those: the states are copied,
 * never changed.
 */
export interface WalkProgress {
  sections: number;
  states: readonly PointState[];
}

function walkPoints(document: DebateDocument, observer: PointObserver, from: WalkProgress | null): PointState[] {
  const states = new Map<string, PointState>(
    from !== null
      ? from.states.map((state) => [state.point.id, { ...state }])
      : document.points.map((point) => [point.id, { point, raisedIn: 1, category: null, reviewerReply: null, resolved: false }]),
  );
  for (const section of document.sections.slice(from?.sections ?? 0)) {
    if (section.kind === 'response') {
      const open = [...states.values()].filter((state) => !state.resolved);
      const replies = readCategories(section.body, open.map((state) => state.point));
      for (const [id, reply] of replies) {
        const state = states.get(id);
        if (!state) continue;
        state.category = reply.category;
        state.reviewerReply = null;
        state.resolved = reply.category === 'agreed';
      }
      for (const state of open) observer.responded?.(state, replies.get(state.point.id) ?? null, section);
    } else if (section.kind === 'follow-up') {
      for (const answer of readAnswers('position', section.body)) {
        const state = states.get(answer.id);
        const block = answer.block;
        if (!state) {
          // A new point needs an explicit id or heading: a numbered list of reasons is not one.
          if (block === null || block.style === 'numbered') continue;
          const raised: PointState = { point: toPoint(block, section.body), raisedIn: section.number + 1, category: null, reviewerReply: null, resolved: false };
          states.set(answer.id, raised);
          observer.raised?.(raised, section);
          continue;
        }
        if (state.resolved) continue;
        const reply = answer.reading.state === 'read' ? answer.reading.value : null;
        state.reviewerReply = reply;
        if (reply === 'withdrawn' || reply === 'accepted' || reply === 'conceded-part') state.resolved = true;
        observer.replied?.(state, reply, answer.text, section);
      }
    }
  }
  const walked = [...states.values()];
  lastWalked = { document, states: walked.map((state) => ({ ...state })) };
  return walked;
}
