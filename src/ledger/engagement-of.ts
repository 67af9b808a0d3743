/**
 * Seed 004's engagement test, per side, round and open point: a side engaged when it wrote new
 * reasoning; it did not when it restated its previous words on that point, or said nothing.
 *
 * The measure: both texts are lowercased, point markers (`R3`, `### 2.`, `- 1.`) dropped and
 * cut into words (letters and digits); the texts are a restatement when the Jaccard index of
 * their word sets (shared words / all words) is at least 0.9. Round 1 has nothing to restate:
 * only rounds 2 and later are judged, for the points open when the round began. A changed
 * position (Partially agreed → Agreed, maintained → withdrawn) is engagement whatever the words.
 */
import { buildLedger } from './build-ledger.js';
import type { DebateDocument, Role } from '../protocol/document.js';
import { roleOn, type Ledger, type LedgerPoint, type PointRound, type PointSide, type PointStatus, type SideTurn } from './ledger.js';

export type Engagement = 'new' | 'restated' | 'silent';

export interface EngagementRecord {
  round: number;
  side: Role;
  id: string;
  engagement: Engagement;
  /** The word-set Jaccard index against that side's previous text on the point, null when silent or first. */
  similarity: number | null;
}

export const restatementThreshold = 0.9;

/** A text's words, as the module comment defines them (see wordsOf). */
export type WordsOf = (text: string) => ReadonlySet<string>;

/**
 * The records of every judged round, or of round `only` alone: deciding a turn needs only the round
 * just written, and judging every earlier one again would cost each turn the whole debate.
 * `words` cuts a text into words: by default each text once per call (a side's text on a point is
 * compared with its next one too); a reader of a growing debate keeps them across calls.
 */
export function engagementOf(source: DebateDocument | Ledger, only?: number, words: WordsOf = wordsOnce()): EngagementRecord[] {
  const ledger = 'sections' in source ? buildLedger(source) : source;
  const records: EngagementRecord[] = [];
  const first = only === undefined ? 2 : Math.max(2, only);
  const last = only === undefined ? ledger.rounds : Math.min(ledger.rounds, only);
  if (first > last) return records;
  // Each point's rounds are read once, not once per round judged: a debate of hundreds of rounds
  // would cost show and status the square of its rounds (statusBefore reads them all).
  const indexes = ledger.points.map((point) => roundsOf(point, first, last));
  for (let round = first; round <= last; round++) {
    for (const side of ['raiser', 'answerer'] as const) {
      ledger.points.forEach((point, index) => {
        const { entries, before } = indexes[index] as RoundIndex;
        if (point.raisedIn >= round || before[round - first] !== 'open') return;
        const turn = entries.get(round)?.[side];
        if (turn) records.push(judge(point, side, round, turn, words));
      });
    }
  }
  return records;
}

interface RoundIndex {
  /** The last entry of each round. */
  entries: ReadonlyMap<number, PointRound>;
  /** The point's status before each round from `first` (see statusBefore), by round − first. */
  before: ReadonlyArray<PointStatus | null>;
}

function roundsOf(point: LedgerPoint, first: number, last: number): RoundIndex {
  const entries = new Map<number, PointRound>();
  // statusBefore takes the first entry of the latest earlier round.
  const firstEntries = new Map<number, PointRound>();
  for (const entry of point.rounds) {
    entries.set(entry.round, entry);
    if (!firstEntries.has(entry.round)) firstEntries.set(entry.round, entry);
  }
  const rounds = [...firstEntries.keys()].sort((a, b) => a - b);
  const before: Array<PointStatus | null> = [];
  let at = 0;
  let status: PointStatus | null = null;
  for (let round = first; round <= last; round++) {
    while (at < rounds.length && (rounds[at] as number) < round) status = firstEntries.get(rounds[at++] as number)?.status ?? null;
    before.push(status);
  }
  return { entries, before };
}

/** The rounds in which both sides wrote and neither brought new reasoning on a point open when the round began. */
export function stalledRounds(records: readonly EngagementRecord[]): ReadonlySet<number> {
  const byRound = new Map<number, EngagementRecord[]>();
  for (const record of records) {
    const inRound = byRound.get(record.round);
    if (inRound === undefined) byRound.set(record.round, [record]);
    else inRound.push(record);
  }
  return new Set([...byRound].filter(([round, inRound]) => roundStalled(inRound, round)).map(([round]) => round));
}

/** A whole round written by both sides with no new reasoning on any point open when it began. */
export function roundStalled(records: readonly EngagementRecord[], round: number): boolean {
  const inRound = records.filter((record) => record.round === round);
  const bothSides = inRound.some((record) => record.side === 'reviewer') && inRound.some((record) => record.side === 'responder');
  return bothSides && inRound.every((record) => record.engagement !== 'new');
}

function judge(point: LedgerPoint, side: PointSide, round: number, turn: SideTurn<string>, words: WordsOf): EngagementRecord {
  const base = { round, side: roleOn(point, side), id: point.id };
  if (!hasWords.test(turn.text)) return { ...base, engagement: 'silent', similarity: null };
  const previous = lastSaid(point, side, round);
  if (!previous) return { ...base, engagement: 'new', similarity: null };
  const similarity = wordJaccard(previous.text, turn.text, words);
  const moved = stance(previous.position) !== stance(turn.position);
  return { ...base, engagement: similarity >= restatementThreshold && !moved ? 'restated' : 'new', similarity };
}

const hasWords = /\S/;

/**
 * What `side` last said on the point before `round`, not blank: the last such entry, looked for
 * from the end, and without trimming every text (a point of a long debate has hundreds of rounds).
 */
function lastSaid(point: LedgerPoint, side: PointSide, round: number): SideTurn<string> | undefined {
  for (let index = point.rounds.length - 1; index >= 0; index--) {
    const entry = point.rounds[index];
    const said = entry?.[side];
    if (entry !== undefined && entry.round < round && said && hasWords.test(said.text)) return said;
  }
  return undefined;
}

/** Raising a point is maintaining it. */
function stance(position: string): string {
  return position === 'raised' ? 'maintained' : position;
}

/** Jaccard index of the two texts' word sets, as the module comment defines it. */
export function wordJaccard(a: string, b: string, words: WordsOf = wordsOf): number {
  const left = words(a);
  const right = words(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return Math.round((shared / (left.size + right.size - shared)) * 1000) / 1000;
}

/** The words of `text`: lowercased, point markers dropped, cut at anything but letters and digits. */
export function wordsOf(text: string): ReadonlySet<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/^\s*(?:#{1,6}\s+)?(?:[-*+]\s+)?(?:\*\*)?(?:r|point\s+|#)?\d+\b/gm, ' ')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== ''),
  );
}

/** wordsOf, each text cut once for the life of the function returned: one call's (engagementOf). */
function wordsOnce(): WordsOf {
  const cut = new Map<string, ReadonlySet<string>>();
  return (text) => {
    let words = cut.get(text);
    if (words === undefined) cut.set(text, (words = wordsOf(text)));
    return words;
  };
}

/** Whether round `round`, the document's last, brought no new reasoning: only that round is judged (DecideOptions.stalled). */
export function lastRoundStalled(source: DebateDocument | Ledger, round: number, words?: WordsOf): boolean {
  return roundStalled(engagementOf(source, round, words), round);
}
