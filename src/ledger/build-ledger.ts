import type { CitationCheck } from '../git/check-citations.js';
import type { DebateDocument, Point, Section } from '../protocol/document.js';
import type { EvidenceCheck, Ledger, LedgerEvidence, LedgerPoint, LedgerReproduction, PointRound, PointStatus, RaiserPosition } from './ledger.js';
import type { Role } from '../protocol/document.js';
import type { AnswerPosition } from '../protocol/position.js';
import { repeatsText } from '../protocol/repeated-text.js';
import { findCitationRefs } from '../protocol/citation-pattern.js';
import { reproductionIn } from '../protocol/reproduction.js';
import { pointMarker } from './excerpt-point.js';
import { bodiesReadAlone, readSection, type BodyReadings } from '../protocol/read-section.js';
import { trackPoints, type PointObserver, type StatedPosition, type PointState, type WalkProgress } from '../protocol/track-points.js';
import { isAnswering, peerOf, roundOf, roundsCompleted, writerOf, type AnsweringKind } from '../protocol/turn-table.js';

/** Rounds begun in `document` (0 before the Review): the round `status`, `show` and the status line name. */
export function roundsBegun(document: DebateDocument): number {
  return Math.max(0, ...document.sections.map(roundOf));
}

/**
 * The ledger of `document`, read through `trackPoints` (so it resolves exactly what the
 * session resolves), with the history round by round. `checks` (from `checkCitations`) mark each
 * point's evidence ok or failed; evidence no check covers is `unchecked`. A pure function: a
 * reader of a growing file reads only the sections it gained (see createLedgerReader).
 */
export function buildLedger(document: DebateDocument, checks: readonly CitationCheck[] = []): Ledger {
  return readLedger(document, checks, null).ledger;
}

/**
 * Where the ledger of a document stood after its walk, before its follow-ups were read for the
 * points they did not name: the ledger of a document whose first sections are these (the same
 * objects: the file grew, see readDocument) and that has these Review points goes on from here and
 * reads only the sections it gained (see createLedgerReader). Going on from it changes it.
 */
export interface LedgerFold {
  sections: readonly Section[];
  reviewPoints: readonly Point[];
  points: Map<string, LedgerPoint>;
  walk: WalkProgress;
  /** Which sections mark no point at all (prose): read once per section, where every ledger read them all again. */
  prose: WeakMap<Section, boolean>;
}

/** Whether the ledger of `document` can go on from `fold`. */
export function continuesFold(document: DebateDocument, fold: LedgerFold): boolean {
  if (fold.reviewPoints !== document.points || fold.sections.length > document.sections.length) return false;
  return fold.sections.every((section, index) => section === document.sections[index]);
}

/** A copy of the ledger's points that shares nothing the walk changes. */
function copyPoints(points: ReadonlyMap<string, LedgerPoint>): Map<string, LedgerPoint> {
  return new Map([...points].map(([id, entry]) => [id, { ...entry, severityChanges: [...entry.severityChanges], rounds: entry.rounds.map((round) => ({ ...round })) }]));
}

/**
 * The ledger of `document`, going on from `resumed` when given (see continuesFold; it is changed),
 * and the fold the next one can go on from (without checks: with them, each point's evidence is
 * marked as it is raised, so a ledger with checks is read from the start). `bodies` reads the
 * sections' bodies (a reader's keeps them, see BodyReadings).
 */
export function readLedger(
  document: DebateDocument,
  checks: readonly CitationCheck[],
  resumed: LedgerFold | null,
  bodies: BodyReadings = bodiesReadAlone,
): { ledger: Ledger; fold: LedgerFold | null } {
  const review = document.sections.find((section) => section.kind === 'review');
  const points = resumed?.points ?? new Map<string, LedgerPoint>();
  const add = (point: Point, round: number, section: Section, owner: PointState['owner']): LedgerPoint => {
    const entry: LedgerPoint = {
      id: point.id,
      owner,
      title: point.title,
      severity: point.severity,
      severityChanges: [],
      raisedIn: round,
      raisedBy: section.heading,
      evidence: point.evidence.map((evidence) => checkEvidence(evidence, section.heading, checks)),
      rounds: [{ round, raiser: { position: 'raised', section: section.heading, text: point.text }, answerer: null, status: 'open' }],
      status: 'open',
      withdrawnReason: null,
      reproduction: reproductionOf(point.text, section, round, owner),
    };
    points.set(point.id, entry);
    return entry;
  };
  if (review && resumed === null) for (const point of document.points) add(point, 1, review, 'reviewer');
  // Each point's rounds by number: a debate of hundreds of rounds asks for them thousands of times.
  const byRound = new Map<LedgerPoint, Map<number, PointRound>>();
  const roundEntry = (entry: LedgerPoint, round: number, status = entry.status): PointRound => {
    let rounds = byRound.get(entry);
    if (rounds === undefined) {
      rounds = new Map(entry.rounds.map((item) => [item.round, item]));
      byRound.set(entry, rounds);
    }
    let found = rounds.get(round);
    if (!found) {
      found = { round, raiser: null, answerer: null, status };
      entry.rounds.push(found);
      rounds.set(round, found);
    }
    return found;
  };
  const settle = (entry: LedgerPoint, state: PointState, round: number): void => {
    entry.status = statusOf(state);
    roundEntry(entry, round).status = entry.status;
  };

  const observer: PointObserver = {
    raised: (state, section) => add(state.point, roundOf(section), section, state.owner),
    answered: (state, stated, section) => {
      const entry = points.get(state.point.id);
      if (!entry) return;
      const round = roundOf(section);
      const position = stated === null ? 'unanswered' : (stated.position ?? 'uncategorized');
      const answerer = peerOf(state.owner);
      const ran = stated === null ? null : reproductionOf(stated.text, section, round, answerer);
      if (ran !== null) entry.reproduction = ran;
      const agreed = stated !== null && (position === 'agreed' || position === 'partially-agreed');
      roundEntry(entry, round).answerer = {
        position,
        section: section.heading,
        text: stated?.text ?? '',
        ...(agreed ? { ownEvidence: bringsOwnEvidence(entry, stated, ran) } : {}),
      };
      settle(entry, state, round);
    },
    held: (state, stated, section) => {
      const entry = points.get(state.point.id);
      if (!entry) return;
      const round = roundOf(section);
      const position: RaiserPosition = stated.position ?? 'uncategorized';
      roundEntry(entry, round).raiser = { position, section: section.heading, text: stated.text };
      const ran = reproductionOf(stated.text, section, round, entry.owner);
      if (ran !== null) entry.reproduction = ran;
      const severity = stated.severity?.to ?? null;
      if (severity !== null && severity !== entry.severity) {
        entry.severityChanges.push({ round, section: section.heading, from: entry.severity, to: severity });
        entry.severity = severity;
      }
      if (stated.position === 'withdrawn') entry.withdrawnReason = (stated.reasoning || stated.text.replace(pointMarker, '')).replace(/\s+/g, ' ').trim();
      settle(entry, state, round);
    },
  };
  const states = trackPoints(document, observer, resumed?.walk ?? null, bodies);
  const proseBy = resumed?.prose ?? new WeakMap<Section, boolean>();
  const isProse = (section: Section, kind: AnsweringKind): boolean => {
    let prose = proseBy.get(section);
    if (prose === undefined) proseBy.set(section, (prose = readSection(kind, section.body, [], bodies).texts.size === 0));
    return prose;
  };
  const fold =
    checks.length === 0
      ? {
          sections: document.sections,
          reviewPoints: document.points,
          points: copyPoints(points),
          walk: { sections: document.sections.length, states: states.map((state) => ({ ...state })) },
          prose: proseBy,
        }
      : null;

  // Each point's status as the walk recorded it, round by round (in order: the document's), read
  // with a cursor per point as the follow-ups' rounds grow: one pass, where asking statusBefore for
  // every point in every round made a debate of hundreds of rounds cost their square. The entries
  // the loop adds are 'open' where the status was already open: they change no later answer.
  const recorded = new Map([...points.values()].map((entry) => [entry, { rounds: [...entry.rounds].sort((a, b) => a.round - b.round), next: 0 }]));
  const recordedBefore = (entry: LedgerPoint, round: number): PointStatus | null => {
    const cursor = recorded.get(entry);
    if (cursor === undefined) return null;
    while (cursor.next < cursor.rounds.length && (cursor.rounds[cursor.next]?.round ?? round) < round) cursor.next++;
    return cursor.rounds[cursor.next - 1]?.status ?? null;
  };
  // A section that does not speak of one of its writer's own open points leaves it where it was: said as `unanswered`.
  for (const section of document.sections) {
    const kind = section.kind;
    if (!isAnswering(kind)) continue;
    const round = roundOf(section);
    const writer = writerOf(kind);
    const prose = isProse(section, kind);
    for (const entry of points.values()) {
      if (entry.owner !== writer) continue;
      // Raised before this section: in an earlier round, or earlier in this one (a Response's round opens with the Follow-up; the Follow-up's own points come with it).
      const raisedBefore = entry.raisedIn < round || (entry.raisedIn === round && entry.raisedBy !== section.heading);
      const open = raisedBefore && recordedBefore(entry, round) === 'open';
      if (!open) continue;
      const current = roundEntry(entry, round, 'open');
      if (current.raiser !== null) continue;
      // A section in prose speaks to every open point, but gives none of them a position that can be read.
      current.raiser = { position: prose ? 'uncategorized' : 'unanswered', section: section.heading, text: prose ? section.body : '' };
    }
  }
  for (const entry of points.values()) entry.rounds.sort((a, b) => a.round - b.round);

  const rounds = Math.max(0, ...document.sections.map(roundOf));
  const consensus = document.sections.find((section) => section.kind === 'consensus');
  const responses = roundsCompleted(document.sections);
  return { ledger: { title: document.title, rounds, responses, ended: consensus !== undefined, consensus: consensus?.body ?? null, points: [...points.values()] }, fold };
}

/** code-debate's result in a point's block, if a reproduction there was run. */
function reproductionOf(text: string, section: Section, round: number, by: Role): LedgerReproduction | null {
  // Most blocks carry none: they are not read line by line for it.
  if (!text.includes('**Reproduction:**')) return null;
  const result = reproductionIn(text)?.result ?? null;
  return result === null ? null : { verdict: result.verdict, why: result.why, section: section.heading, round, by };
}

/**
 * Whether an agreeing answer stands on evidence of its own: it cites a place, or its reproduction
 * reproduced; and its reasoning does not repeat what the raising side wrote on the point.
 */
function bringsOwnEvidence(entry: LedgerPoint, stated: StatedPosition<AnswerPosition>, ran: LedgerReproduction | null): boolean {
  // The canonical `**Evidence:**` line says it (`none` for nothing); a peer's text cites in its words.
  const line = /^\*\*Evidence:\*\*[ \t]*(.*)$/m.exec(stated.text)?.[1];
  const cites = line !== undefined ? !/^none\.?\s*$/i.test(line.trim()) && line.trim() !== '' : findCitationRefs(stated.text).length > 0;
  const raised = entry.rounds.map((round) => round.raiser?.text ?? '').join('\n\n');
  return (cites || ran?.verdict === 'reproduced') && !repeatsText(stated.reasoning, raised);
}

function statusOf(state: PointState): PointStatus {
  if (state.held === 'withdrawn') return 'withdrawn';
  return state.resolved ? 'resolved' : 'open';
}

/** The point's status when `round` began: the last round before it that recorded one. */
export function statusBefore(entry: LedgerPoint, round: number): PointStatus | null {
  // One pass, no copy or sort: the ledger asks this of every point in every round.
  let last: PointRound | null = null;
  for (const item of entry.rounds) if (item.round < round && (last === null || item.round > last.round)) last = item;
  return last?.status ?? null;
}

function checkEvidence(evidence: { path: string; line: number; endLine?: number }, section: string, checks: readonly CitationCheck[]): LedgerEvidence {
  const found = checks.filter((check) => check.section === section && check.path === evidence.path && check.line === evidence.line);
  const failed = found.find((check) => !check.ok);
  const check: EvidenceCheck = found.length === 0 ? 'unchecked' : failed ? 'failed' : 'ok';
  return { path: evidence.path, line: evidence.line, endLine: evidence.endLine ?? evidence.line, check, problem: failed ? (failed.problem ?? 'the check failed') : null };
}
