import { stat, unwatchFile, watchFile } from 'node:fs';

/**
 * How often `--poll <ms>` samples the file's stat: twice per interval, so that noticing a change
 * (at most half an interval) and reading it and starting the agent fit within the interval.
 */
export function statSampleMs(pollMs: number): number {
  return Math.max(1, Math.floor(pollMs / 2));
}

export interface StatPoll {
  close(): void;
}

/**
 * Calls `onChange` when the file's stat differs from the previous sample, taken every `everyMs`
 * by libuv's uv_fs_poll (through fs.watchFile): the stat runs on the thread pool and is compared
 * in C, so no JavaScript runs while nothing changes. It compares ino (a rename over the file),
 * size, mtime and ctime to the nanosecond, mode, owner and device, and whether the file exists:
 * ctime cannot be set back by a program, so even a same-size rewrite with its mtime restored is
 * seen. It only says "look again"; the caller's checksum says whether the content changed.
 */
export async function pollStat(file: string, everyMs: number, onChange: () => void): Promise<StatPoll> {
  const listener = () => onChange();
  watchFile(file, { interval: everyMs, persistent: true }, listener);
  // The first sample (the one later ones are compared with) is queued as the poller starts: once a
  // stat queued after it is back, the thread pool has taken it, so a change from now on is seen.
  await new Promise<void>((resolve) => stat(file, () => resolve()));
  return { close: () => unwatchFile(file, listener) };
}
