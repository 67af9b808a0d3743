import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface ProcessRecord {
  pid: number;
  host: string;
}

/**
 * Whether the process a claim or lock names may still be running. A process on another host
 * cannot be checked and counts as alive; on Linux a reused pid that is not code-debate is dead.
 */
export function isProcessAlive(record: ProcessRecord, marker = 'code-debate'): boolean {
  // A pid of 0 or -1 would signal a whole group or every process and always "succeed".
  if (!Number.isInteger(record.pid) || record.pid <= 0) return false;
  if (record.host !== os.hostname()) return true;
  if (record.pid === process.pid) return true;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return readFileSync(`/proc/${record.pid}/cmdline`, 'utf8').includes(marker);
  } catch {
    // No /proc (macOS) or no access: the signal check above is all there is.
    return true;
  }
}
