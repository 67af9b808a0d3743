import { escapeJsonControlChars } from '../protocol/control-chars.js';
import type { Report } from '../session/session-events.js';

/**
 * `--json`: every event as one line of JSON on `write` (stdout), with the time and the pid of
 * the side that reported it; the shape is the SessionEvent union (docs/usage.md, "Headless and CI").
 */
export function createJsonReporter(write: (line: string) => void, now: () => Date = () => new Date()): Report {
  return (event) => write(`${escapeJsonControlChars(JSON.stringify({ time: now().toISOString(), pid: process.pid, ...event }))}\n`);
}

/** Several reporters as one. */
export function combineReporters(...reporters: readonly Report[]): Report {
  return (event) => {
    for (const report of reporters) report(event);
  };
}
