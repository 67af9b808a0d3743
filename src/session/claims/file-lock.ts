import { setTimeout as delay } from 'node:timers/promises';
import { unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ClaimError } from '../../errors.js';
import { createExclusive } from './create-exclusive.js';
import { reachFaultPoint } from '../../fault-point.js';
import { isProcessAlive, processStartOf } from './process-alive.js';
import { readStateFile } from '../read-state-file.js';

export interface FileLockOptions {
  /** How long to wait for a live holder before giving up. */
  timeoutMs: number;
  /** A lock older than this is stale whoever holds it: locks are held for milliseconds. */
  staleMs?: number;
  /** The process-name marker a live holder's command line contains (see isProcessAlive). */
  marker?: string;
}

interface LockRecord {
  pid: number;
  host: string;
  at: number;
  /** The holder's start time (processStartOf), so a lock naming a pid reused since is seen stale. */
  processStart?: number;
}

const processStart = processStartOf(process.pid);

/**
 * Runs `task` while holding a lock file created exclusively (`wx`). A lock left by a dead process
 * (its pid gone, or reused since by another process), or older than `staleMs`, is broken.
 */
export async function withFileLock<T>(lockPath: string, options: FileLockOptions, task: () => Promise<T>): Promise<T> {
  const mine: LockRecord = { pid: process.pid, host: os.hostname(), at: Date.now(), ...(processStart === null ? {} : { processStart }) };
  const text = JSON.stringify(mine);
  const deadline = Date.now() + options.timeoutMs;
  for (let attempt = 0; ; attempt++) {
    if (await createExclusive(lockPath, text)) break;
    if (await breakIfStale(lockPath, options)) continue;
    if (Date.now() > deadline) {
      throw new ClaimError(
        `Cannot take the lock ${lockPath}: another code-debate process has held it for over ${options.timeoutMs} ms. ` +
          'If no other code-debate process is running, delete that file.',
      );
    }
    await delay(Math.min(5 * 2 ** attempt, 100));
  }
  const name = path.basename(lockPath, '.lock');
  try {
    await reachFaultPoint(`${name}-lock-held`);
    const result = await task();
    await reachFaultPoint(`${name}-lock-releasing`);
    return result;
  } finally {
    if ((await readStateFile(lockPath).catch(() => '')) === text) await unlink(lockPath).catch(() => undefined);
  }
}

async function breakIfStale(lockPath: string, options: FileLockOptions): Promise<boolean> {
  const text = await readStateFile(lockPath).catch(() => null);
  if (text === null) return true;
  let record: LockRecord | null = null;
  try {
    record = JSON.parse(text) as LockRecord;
  } catch {
    // Locks appear whole (createExclusive), so an unreadable one was not written by code-debate.
  }
  const stale = record === null || Date.now() - record.at > (options.staleMs ?? 30_000) || !isProcessAlive(record, options.marker);
  if (!stale) return false;
  if ((await readStateFile(lockPath).catch(() => null)) === text) await unlink(lockPath).catch(() => undefined);
  return true;
}
