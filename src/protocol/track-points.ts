import { ownerOf, type PointAnswerData, type PointHeldData } from './answer-schema.js';
import type { DebateDocument, Point, Role, Section } from './document.js';
import type { AnswerPosition, HeldPosition } from './position.js';
import { bodiesReadAlone, readSection, type BodyReadings, type SectionReading, type UnreadLabel } from './read-section.js';
import { isAnswering, roundOf, writerOf } from './turn-table.js';

export interface PointState {
  point: Point;
  /** Round the point was raised in: 1 for the Review's points. */
  raisedIn: number;
  /** Who raised it: the Reviewer (R ids) or the Responder (F ids). */
  owner: Role;
  /** The other side's latest answer to it, null while it has given none. */
  answer: AnswerPosition | null;
  /** The position the raising side has held since that answer, null while it has stated none. */
  held: HeldPosition | null;
  resolved: boolean;
}

/** What a side stated on a point in a section: its position (null when none could be read), its Markdown and its reasoning. */
export interface StatedPosition<L> {
  position: L | null;
  text: string;
  reasoning: string;
  /** Why no label was read, when the section speaks of the point but gives none that can be read. */
  unread: UnreadLabel | null;
}

/**
 * What the walk sees, in document order, for callers that keep the history (the ledger). Each
 * call comes after the state was updated. `answered` is called for every point of the other side
 * that was open before the section, with null when the section does not speak of it; `held` for
 * each of the writer's own open points it speaks of.
 */
export interface PointObserver {
  /** Each response or follow-up as readSection read it, before the points are updated from it. */
  read?(reading: SectionReading, section: Section): void;
  raised?(state: PointState, section: Section): void;
  answered?(state: PointState, stated: StatedPosition<AnswerPosition> | null, section: Section): void;
  held?(state: PointState, stated: StatedPosition<HeldPosition> & { severity: PointHeldData['severity'] }, section: Section): void;
}

/**
 * Every point's state after the last section, read from the document alone (see readSection). A
 * point is resolved when the other side Agreed it, or the side that raised it withdrew it or
 * accepted the answer (in full or in part); a point whose label cannot be read stays as it was.
 * Either side may raise points: the Reviewer's in a follow-up (R ids), the Responder's in a
 * response (F ids), and the other side answers them like any point. With `from`, the walk goes on
 * from there (a reader of a growing file walks only the sections it gained, see createDebateReader);
 * `bodies` reads the sections' bodies (a reader's keeps them).
 */
export function trackPoints(document: DebateDocument, observer: PointObserver = {}, from: WalkProgress | null = null, bodies: BodyReadings = bodiesReadAlone): PointState[] {
  return walkPoints(document, observer, from, bodies);
}

/** Whether `document` begins with the sections `progress` walked (the same objects: the file grew, see readDocument) and has its Review's points. */
export function continuesWalk(document: DebateDocument, progress: { document: DebateDocument; sections: number }): boolean {
  const before = progress.document;
  if (before.points !== document.points || progress.sections > document.sections.length) return false;
  for (let index = 0; index < progress.sections; index++) if (before.sections[index] !== document.sections[index]) return false;
  return true;
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

function walkPoints(document: DebateDocument, observer: PointObserver, from: WalkProgress | null, bodies: BodyReadings): PointState[] {
  const states = new Map<string, PointState>(
    from !== null
      ? from.states.map((state) => [state.point.id, { ...state }])
      : document.points.map((point) => [point.id, { point, raisedIn: 1, owner: 'reviewer', answer: null, held: null, resolved: false }]),
  );
  for (const section of document.sections.slice(from?.sections ?? 0)) {
    const kind = section.kind;
    if (!isAnswering(kind)) continue;
    const writer = writerOf(kind);
    const before = [...states.values()];
    const reading = readSection(
      kind,
      section.body,
      before.map((state) => ({ id: state.point.id, open: !state.resolved, title: state.point.title })),
      bodies,
    );
    observer.read?.(reading, section);
    const unread = new Map(reading.unread.map((item) => [item.id, item]));
    const textOf = (id: string) => reading.texts.get(id) ?? '';
    for (const state of before) {
      if (state.resolved) continue;
      const id = state.point.id;
      if (state.owner !== writer) {
        const answer: PointAnswerData | undefined = reading.answers.find((item) => item.id === id);
        if (answer !== undefined) {
          state.answer = answer.position;
          state.held = null;
          state.resolved = answer.position === 'agreed';
        }
        const spoken = answer !== undefined || reading.texts.has(id);
        observer.answered?.(
          state,
          spoken ? { position: answer?.position ?? null, text: textOf(id), reasoning: answer?.reasoning ?? '', unread: unread.get(id) ?? null } : null,
          section,
        );
        continue;
      }
      const held: PointHeldData | undefined = reading.positions.find((item) => item.id === id);
      if (held === undefined && !reading.texts.has(id)) continue;
      if (held !== undefined) {
        state.held = held.position;
        if (held.position !== 'maintained') state.resolved = true;
      }
      observer.held?.(
        state,
        { position: held?.position ?? null, text: textOf(id), reasoning: held?.reasoning ?? '', severity: held?.severity ?? null, unread: unread.get(id) ?? null },
        section,
      );
    }
    for (const point of reading.newPoints) {
      const raised: PointState = {
        point: { id: point.id, number: Number(point.id.slice(1)), title: point.title, severity: point.severity, evidence: point.evidence.map(toEvidence), text: textOf(point.id) },
        raisedIn: roundOf(section),
        owner: ownerOf(point.id) ?? writer,
        answer: null,
        held: null,
        resolved: false,
      };
      states.set(point.id, raised);
      observer.raised?.(raised, section);
    }
  }
  return [...states.values()];
}

function toEvidence(evidence: { path: string; line: number; endLine: number | null }): Point['evidence'][number] {
  return evidence.endLine === null ? { path: evidence.path, line: evidence.line } : { path: evidence.path, line: evidence.line, endLine: evidence.endLine };
}
