import { escapeJsonControlChars } from '../protocol/control-chars.js';
import type { EventSink } from '../session/side-events.js';

/**
 * `--json`: every event as one line of JSON on `write` (stdout), with the time and the pid of
 * the side that reported it; the shape is the SideEvent union (docs/usage.md, "Headless and CI").
 */
export function createJsonEventSink(write: (line: string) => void, now: () => Date = () => new Date()): EventSink {
  return (event) => write(`${escapeJsonControlChars(JSON.stringify({ time: now().toISOString(), pid: process.pid, ...event }))}\n`);
}

/** Several event sinks as one. */
export function combineEventSinks(...sinks: readonly EventSink[]): EventSink {
  return (event) => {
    for (const emit of sinks) emit(event);
  };
}
