import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reproductionRecordKey } from '../ledger/distrust-reproductions.js';
import type { ReproductionVerdict } from '../protocol/reproduction.js';
import type { StatePaths } from './state-paths.js';

/** One reproduction a side on this machine ran: the section and point whose result it wrote, and that result. */
export interface ReproductionRecord {
  section: string;
  id: string;
  verdict: ReproductionVerdict;
  why: string;
}

/** `<state dir>/reproductions.jsonl`: one line per reproduction a side of this debate ran here, appended before the section that carries its result. */
export function reproductionRecordsPath(paths: StatePaths): string {
  return path.join(paths.dir, 'reproductions.jsonl');
}

/**
 * Records a result code-debate wrote, so a reader on this machine tells it from one typed into the
 * file by hand (see distrustUnrecorded). Written before the section: a reader never sees the result
 * without its record. A line is a few hundred bytes, appended whole.
 */
export function recordReproduction(paths: StatePaths, record: ReproductionRecord): void {
  mkdirSync(paths.dir, { recursive: true });
  appendFileSync(reproductionRecordsPath(paths), `${JSON.stringify(record)}\n`);
}

/** The keys (reproductionRecordKey) of every result a side on this machine recorded for this debate; none when there is no record. */
export function readReproductionRecords(paths: StatePaths): Set<string> {
  let text: string;
  try {
    text = readFileSync(reproductionRecordsPath(paths), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const keys = new Set<string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const record = JSON.parse(line) as Partial<ReproductionRecord>;
      if (typeof record.section === 'string' && typeof record.id === 'string' && typeof record.verdict === 'string' && typeof record.why === 'string') {
        keys.add(reproductionRecordKey(record.section, record.id, record.verdict, record.why));
      }
    } catch {
      // A line cut short (a side killed mid-append) records nothing: its result counts as unverified.
    }
  }
  return keys;
}
