import { readdirSync, readFileSync } from 'node:fs';

/**
 * Whether process group `pgid` is an agent code-debate started for a debate: one of its
 * processes has one of `markers` in its environment, as every agent gets them
 * (`CODE_DEBATE_FILE=<file>`, `CODE_DEBATE_CLAIM=<claim>`). A claim names the group its successor
 * stops, and anyone who can write the git directory (or push to the remote) can write a claim: a
 * group that is no such agent (a shell, an editor, another user's work) is never signalled.
 * Without /proc (macOS) this cannot be checked, and a group is taken at the claim's word.
 */
export function isDebateAgentGroup(pgid: number, markers: readonly string[]): boolean {
  // 0 and 1 would name our own group and init's.
  if (!Number.isInteger(pgid) || pgid <= 1) return false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  return entries.some((entry) => /^\d+$/.test(entry) && groupOf(entry) === pgid && environmentOf(entry).some((variable) => markers.includes(variable)));
}

/**
 * The process groups of the agents a claim started, found by the `CODE_DEBATE_CLAIM=<claim>`
 * every agent carries: a side killed before its claim named its agent (a remote's claim names it
 * a second later) still leaves one to stop. None without /proc.
 */
export function findAgentGroups(marker: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const groups = entries.filter((entry) => /^\d+$/.test(entry) && environmentOf(entry).includes(marker)).map(groupOf);
  return [...new Set(groups.filter((group): group is number => group !== null && group > 1))];
}

function groupOf(pid: string): number | null {
  try {
    // The fields after `(comm)`, which may itself hold spaces: state, ppid, pgrp, ...
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

function environmentOf(pid: string): string[] {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    // Gone, or another user's: not ours to stop.
    return [];
  }
}
