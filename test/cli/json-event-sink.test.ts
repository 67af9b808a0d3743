import { describe, expect, it } from 'vitest';
import { createJsonEventSink } from '../../src/cli/json-event-sink.js';
import type { SideEvent } from '../../src/session/side-events.js';

describe('createJsonEventSink', () => {
  it("gives every event the pid of the side that reported it, a peer's pid under a name of its own", () => {
    const lines: string[] = [];
    const report = createJsonEventSink(
      (line) => lines.push(line),
      () => new Date('2026-11-22T10:02:03.456Z'),
    );
    const event = { type: 'peer-state', role: 'reviewer', peer: 'responder', state: 'gone', previous: 'thinking', peerPid: 4343, peerHost: 'box', reason: 'its process ended' };
    report(event as SideEvent);
    expect(JSON.parse(lines[0] ?? '')).toEqual({ time: '2026-11-22T10:02:03.456Z', pid: process.pid, ...event });
  });
});
