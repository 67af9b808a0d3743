import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '../protocol/document.js';
import { keptSince } from '../protocol/kept-edit.js';
import { writeFileAtomic } from '../write-file-atomic.js';
import { readDebateFile, type FileState } from './read-debate-file.js';
import { recoveredDir } from './save-overwritten.js';
import { readStateFile } from './read-state-file.js';
import { damageRecordPath, type StatePaths } from './state-paths.js';
import { historyChangeOf } from './history-change-of.js';
import { isProcessAlive } from './claims/process-alive.js';
import { readClaim } from './claims/read-claims.js';

/**
 * What a side found when the debate file lost text it had read, kept beside the claims until the
 * file is restored or the edit kept: a side started afterwards, and `status`, read it, so no side
 * goes on from a file another one refused.
 */
export interface DamageRecord {
  /** The side that found it. */
  role: Role;
  /** What the file lost: `lines 12-30 were removed`. */
  change: string;
  /** The copy of the file as that side last read it. */
  savedTo: string;
  /** The command that restores the copy. */
  restore: string;
  /** The command that keeps the file as it is now, when it can be kept. */
  keep: string | null;
  /** When it was found, ISO 8601. */
  at: string;
}

export async function writeDamageRecord(paths: StatePaths, record: DamageRecord): Promise<void> {
  await writeFileAtomic(damageRecordPath(paths), JSON.stringify(record), 0o600);
}

export async function clearDamageRecord(paths: StatePaths): Promise<void> {
  await rm(damageRecordPath(paths), { force: true });
}

/**
 * The damage a side found that the file still shows, or null: none was found, its copy is gone,
 * the file holds the copy's text again (restored, perhaps appended to) or records the edit as
 * kept (`code-debate keep-edit`), or it was removed or emptied and the side that found it no
 * longer runs. `stale` is true for a record that no longer stands.
 */
export async function readStandingDamage(paths: StatePaths, current: FileState): Promise<{ record: DamageRecord | null; stale: boolean }> {
  const text = await readStateFile(damageRecordPath(paths)).catch(() => null);
  if (text === null) return { record: null, stale: false };
  const record = parseRecord(text);
  // Only a copy code-debate saved is read: the record is a file anyone who can write the git directory can plant.
  const saved = record === null || path.dirname(record.savedTo) !== recoveredDir(paths) ? null : await readDebateFile(record.savedTo).catch(() => null);
  if (record === null || saved === null || !saved.exists) return { record: null, stale: true };
  const seen = saved;
  const stands = historyChangeOf(seen, current) !== null && !(current.exists && keptSince(seen.text, current.text));
  if (!stands) return { record: null, stale: true };
  // With the side that found it gone, a file removed or emptied since is a debate begun anew (the copy stays).
  const removed = (!current.exists && current.replacedBy === undefined) || current.text.trim() === '';
  if (removed && !(await isFinderRunning(paths, record))) return { record: null, stale: true };
  return { record, stale: false };
}

/** Whether the side that found the damage still holds its role (and waits for the file). */
export async function isFinderRunning(paths: StatePaths, record: DamageRecord): Promise<boolean> {
  const holder = await readClaim(paths, record.role);
  return holder !== null && isProcessAlive(holder);
}

function parseRecord(text: string): DamageRecord | null {
  try {
    const value = JSON.parse(text) as Partial<DamageRecord> | null;
    if (value === null || typeof value !== 'object') return null;
    const { role, change, savedTo, restore, keep, at } = value;
    if ((role !== 'reviewer' && role !== 'responder') || typeof change !== 'string' || typeof savedTo !== 'string' || typeof restore !== 'string') return null;
    return { role, change, savedTo, restore, keep: typeof keep === 'string' ? keep : null, at: typeof at === 'string' ? at : 'unknown' };
  } catch {
    return null;
  }
}
