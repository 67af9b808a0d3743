import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface ProcessRecord {
  pid: number;
  host: string;
  /** When the process started, as processStartOf gives it: tells a reused pid apart, where known. */
  processStart?: number;
}

/**
 * Whether the process a claim or lock names may still be running. A process on another host
 * cannot be checked and counts as alive. On Linux a pid reused since is dead: by its start time
 * when the record has one, else when the process is not code-debate (`marker` in its command line).
 */
export function isProcessAlive(record: ProcessRecord, marker = 'code-debate'): boolean {
  // A pid of 0 or -1 would signal a whole group or every process and always "succeed".
  if (!Number.isInteger(record.pid) || record.pid <= 0) return false;
  if (record.host !== os.hostname()) return true;
  const start = typeof record.processStart === 'number' ? processStartOf(record.pid) : null;
  // This very process, unless the record was left by an earlier one that had the same pid (a restarted container).
  if (record.pid === process.pid) return start === null || start === record.processStart;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (start !== null) return start === record.processStart;
  try {
    return readFileSync(`/proc/${record.pid}/cmdline`, 'utf8').includes(marker);
  } catch {
    // No /proc (macOS) or no access: the signal check above is all there is.
    return true;
  }
}

/**
 * The start time of process `pid` in clock ticks after boot (`/proc/<pid>/stat`, field 22): with
 * the pid, it names one process for the life of the machine. Null where there is no /proc.
 */
export function processStartOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after `(comm)`, which may itself hold spaces and parentheses, start at field 3.
    const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isSafeInteger(start) ? start : null;
  } catch {
    return null;
  }
}
