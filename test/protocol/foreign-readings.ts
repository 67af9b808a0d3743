/**
 * What code-debate reads from a foreign-corpus entry, through the whole path: the entry's body as
 * a section of a debate file, `parseDocument`, `buildLedger`. Kept apart from the corpus, so the
 * corpus records only what its writers gave.
 */
import { roundOf, writerOf } from '../../src/protocol/turn-table.js';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import type { LedgerPoint } from '../../src/ledger/ledger.js';
import { foreignResponse, foreignReview, type ForeignEntry, type Gave } from './foreign-corpus.js';
import { parseOk } from './parse-ok.js';

export type Kind = 'response' | 'follow-up' | 'review';

/** What a point reads as: its label, `unread` (left as it was: no label read, or not spoken of), or `missing` (a raised point the ledger lost). */
export type Reading = string;

const signature = (role: string): string => `\n\n*— ${role} · builtin · 2026-11-22T10:00:00Z*\n`;

function reviewFile(body: string): string {
  return `# Code Debate: the diff against main\n\n## Review\n\n${body}${signature('Reviewer')}`;
}

function withSection(file: string, heading: string, body: string): string {
  return `${file}\n---\n\n## ${heading}\n\n${body}${signature(heading.startsWith('Response') ? 'Responder' : 'Reviewer')}`;
}

const reviewed = reviewFile(foreignReview);
const responded = withSection(reviewed, 'Response 1', foreignResponse);

/** The debate file in which `body` is the section under test. */
export function fileWith(kind: Kind, body: string): string {
  if (kind === 'review') return reviewFile(body);
  if (kind === 'response') return withSection(reviewed, 'Response 1', body);
  return withSection(responded, 'Reviewer Follow-up 1', body);
}

const unreadPositions = new Set([undefined, null, 'uncategorized', 'unanswered']);
const unread = (label: string | null | undefined): Reading => (unreadPositions.has(label) ? 'unread' : (label as string));

/** What the ledger shows for `point` after the section under test. */
function readingOf(kind: Kind, point: LedgerPoint): Reading {
  const raisedHere = kind === 'review' || (kind === 'response' ? point.owner === 'responder' : point.raisedIn === 2);
  if (raisedHere) return unread(point.severity);
  // The section under test is Response 1 or Reviewer Follow-up 1.
  const round = roundOf({ kind, number: 1 });
  const entry = point.rounds.find((item) => item.round === round);
  // The section under test answers the other side's points and holds its own.
  const writer = writerOf(kind);
  return unread(point.owner === writer ? entry?.raiser?.position : entry?.answerer?.position);
}

/** Each point's reading after `body` is appended as the section of `kind`, by id; `missing` for a point the writer raised that the ledger does not hold. */
export function readingsOf(kind: Kind, body: string, gave: Readonly<Record<string, Gave>> = {}): Record<string, Reading> {
  const document = parseOk(fileWith(kind, body));
  const ledger = buildLedger(document);
  const readings: Record<string, Reading> = Object.fromEntries(ledger.points.map((point) => [point.id, readingOf(kind, point)]));
  // A Review with no point marked is one open, unrated point holding the whole text (docs/protocol.md):
  // the points its writer meant are in it, unread, not lost.
  const whole = kind === 'review' && document.points.length === 1 && document.points[0]?.text === body.trim();
  for (const id of Object.keys(gave)) readings[id] ??= whole ? 'unread' : 'missing';
  return readings;
}

/** Whether `reading` is allowed for a point the writer gave `gave`: that label or nothing, and nothing at all when ambiguous or not given. */
export function allowed(gave: Gave | undefined, reading: Reading): boolean {
  if (reading === 'unread') return true;
  return gave !== undefined && gave !== 'ambiguous' && reading === gave;
}

export interface EntryOutcome {
  entry: ForeignEntry;
  kind: Kind;
  readings: Record<string, Reading>;
  /** Points read as a label other than the writer's, or as any label where the writer gave none for sure. */
  wrong: string[];
  /** Points with a clear label the reader left unread. */
  clearUnread: string[];
  /** Points with a clear label read as it. */
  clearRead: string[];
}

/** How the reader fares on `entry`. */
export function outcomeOf(kind: Kind, entry: ForeignEntry): EntryOutcome {
  const readings = readingsOf(kind, entry.body, entry.gave);
  const ids = [...new Set([...Object.keys(entry.gave), ...Object.keys(readings)])];
  const clear = (id: string): boolean => entry.gave[id] !== undefined && entry.gave[id] !== 'ambiguous';
  return {
    entry,
    kind,
    readings,
    wrong: ids.filter((id) => !allowed(entry.gave[id], readings[id] ?? 'unread')),
    clearUnread: ids.filter((id) => clear(id) && readings[id] === 'unread'),
    clearRead: ids.filter((id) => clear(id) && readings[id] === entry.gave[id]),
  };
}
