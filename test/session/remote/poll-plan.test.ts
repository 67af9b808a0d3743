import { describe, expect, it } from 'vitest';
import type { ClaimRecord } from '../../../src/session/claims/claim-role.js';
import { idlePollMs, personPollMs, pollIntervalMs } from '../../../src/session/remote/poll-plan.js';

const peer = (agent: string, extra: Partial<ClaimRecord> = {}): ClaimRecord => ({
  role: 'responder',
  pid: 4242,
  host: 'laptop',
  startedAt: '2026-01-01T00:00:00.000Z',
  agent,
  ...extra,
});

describe('pollIntervalMs', () => {
  it("looks every fastMs while the peer's agent works, however long it has worked, seldom for a person, nobody, or a holder that is gone", () => {
    expect(pollIntervalMs({ peer: peer('claude', { agentPid: 4350, agentStartedAt: '2026-01-01T00:00:00.000Z' }), gone: false, quietMs: 0, fastMs: 1_000 })).toBe(1_000);
    expect(pollIntervalMs({ peer: peer('codex'), gone: false, quietMs: 0, fastMs: 1_000 })).toBe(1_000);
    expect(pollIntervalMs({ peer: peer('human', { agentPid: 4350 }), gone: false, quietMs: 0, fastMs: 1_000 })).toBe(personPollMs);
    // Nobody, or a holder that is gone: as often as an agent at work at first (two sides started together), then seldom.
    expect(pollIntervalMs({ peer: null, gone: false, quietMs: 0, fastMs: 1_000 })).toBe(1_000);
    expect(pollIntervalMs({ peer: null, gone: false, quietMs: 8_000, fastMs: 1_000 })).toBe(2_000);
    expect(pollIntervalMs({ peer: null, gone: false, quietMs: 60_000, fastMs: 1_000 })).toBe(idlePollMs);
    expect(pollIntervalMs({ peer: peer('claude'), gone: true, quietMs: 60_000, fastMs: 1_000 })).toBe(idlePollMs);
    // --poll slower than the plan's own intervals wins.
    expect(pollIntervalMs({ peer: null, gone: false, quietMs: 0, fastMs: 20_000 })).toBe(20_000);
  });
});
