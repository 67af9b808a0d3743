import { readlinkSync } from 'node:fs';
import os from 'node:os';
import type { ClaimRecord } from './claims/claim-role.js';

/**
 * This process's pid namespace (`pid:[4026531836]`), or null where there is none to read: two
 * containers that share a hostname (host networking) do not share their pids. Read at each call
 * (one readlink of /proc, no memo held by the module): it is asked once per claim read.
 */
export function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/** Whether `record`'s process runs where this one can check its pid: the same host and pid namespace. */
export function onThisMachine(record: ClaimRecord): boolean {
  if (record.host !== os.hostname()) return false;
  const theirs = record.pidNamespace;
  return typeof theirs !== 'string' || pidNamespace() === null || theirs === pidNamespace();
}
