import { describe, expect, it } from 'vitest';
import type { ClaimRecord } from '../../../src/session/claims/claim-role.js';
import { heartbeatAgeMs, isHolderRunning, staleAfterMs, viewHolder, type HolderFacts } from '../../../src/session/claims/heartbeat-state.js';

const now = Date.parse('2026-11-22T10:10:00.000Z');
const record: ClaimRecord = {
  role: 'responder',
  pid: 4343,
  host: 'box',
  startedAt: '2026-11-22T10:00:00.000Z',
  agent: 'codex',
  heartbeatAt: '2026-11-22T10:09:58.000Z',
  heartbeatMs: 5_000,
};
const facts = (overrides: Partial<HolderFacts> = {}): HolderFacts => ({ alive: true, local: true, heartbeatAgeMs: 2_000, hasTurn: true, now, ...overrides });

describe('viewHolder', () => {
  it('says absent when nobody holds the role', () => {
    expect(viewHolder(null, facts())).toEqual({ state: 'absent', reason: 'nobody holds the role', agentRunningMs: null });
  });

  it('tells what the agent has written, from the progress its holder published', () => {
    const progress = { tokens: 412, tokensPerSecond: 2.14, since: '2026-11-22T10:04:00.000Z' };
    // A model server: no process of its own, so its run is timed from the call it reported on.
    expect(viewHolder({ ...record, agent: 'ollama:qwen2.5-coder', agentProgress: progress }, facts())).toEqual({
      state: 'thinking',
      reason: 'its agent has run for 6m, 412 tokens, 2.1 tokens/s so far',
      agentRunningMs: 360_000,
    });
    const cli = { ...record, agentPid: 4350, agentStartedAt: '2026-11-22T10:08:00.000Z', agentProgress: { ...progress, tokens: null, tokensPerSecond: null } };
    expect(viewHolder(cli, facts()).reason).toBe('its agent has run for 2m (pid 4350)');
  });

  it('says gone when the process ended, whatever its heartbeat', () => {
    expect(viewHolder(record, facts({ alive: false }))).toEqual({ state: 'gone', reason: 'its process ended', agentRunningMs: null });
  });

  it('says gone after three missed heartbeats of its own interval, on another host', () => {
    expect(viewHolder(record, facts({ local: false, heartbeatAgeMs: 15_000 })).state).toBe('thinking');
    expect(viewHolder(record, facts({ local: false, heartbeatAgeMs: 15_001 }))).toEqual({ state: 'gone', reason: 'no heartbeat for 15s', agentRunningMs: null });
    expect(viewHolder({ ...record, heartbeatMs: 100 }, facts({ local: false, heartbeatAgeMs: 301 })).state).toBe('gone');
  });

  it('says gone, stopped or stuck, when a live process on this host stops beating', () => {
    expect(viewHolder(record, facts({ heartbeatAgeMs: 40_000 }))).toEqual({
      state: 'gone',
      reason: 'no heartbeat for 40s, though pid 4343 still exists: stopped (Ctrl-Z) or stuck',
      agentRunningMs: null,
    });
  });

  it('cannot judge a claim without a heartbeat (an older code-debate): alive is alive', () => {
    expect(viewHolder(record, facts({ local: false, heartbeatAgeMs: null })).state).toBe('thinking');
  });

  it('says thinking, and for how long, while its agent runs, even for six minutes', () => {
    const running = { ...record, agentPid: 4350, agentStartedAt: '2026-11-22T10:04:00.000Z' };
    expect(viewHolder(running, facts({ hasTurn: false }))).toEqual({ state: 'thinking', reason: 'its agent has run for 6m (pid 4350)', agentRunningMs: 360_000 });
  });

  it('says thinking when the turn is its own and no agent process runs, else waiting', () => {
    expect(viewHolder(record, facts()).reason).toBe('taking its turn');
    expect(viewHolder(record, facts({ hasTurn: false }))).toEqual({ state: 'waiting', reason: "waiting for the Reviewer's turn", agentRunningMs: null });
  });
});

describe('heartbeat age and staleness', () => {
  it('ages a heartbeat by its timestamp, never below zero, and null without one', () => {
    expect(heartbeatAgeMs(record, now)).toBe(2_000);
    expect(heartbeatAgeMs({ ...record, heartbeatAt: '2026-11-22T10:11:00.000Z' }, now)).toBe(0);
    const { heartbeatAt: _, ...old } = record;
    expect(heartbeatAgeMs(old, now)).toBeNull();
  });

  it('counts three intervals, the default one for a claim that states none or nonsense', () => {
    expect(staleAfterMs(record)).toBe(15_000);
    expect(staleAfterMs({ ...record, heartbeatMs: 1_000 })).toBe(3_000);
    expect(staleAfterMs({ ...record, heartbeatMs: -1 })).toBe(15_000);
  });
});

describe('an interactive session holding a role', () => {
  // Its pid is its last call's, long ended: the lease from its last call is what keeps it.
  const session: ClaimRecord = { ...record, pid: 999_999, session: { id: '3f9a0c1e', leaseMs: 60_000, state: 'waiting', subject: 'HEAD' } };

  it('is running while its last call is within its lease, and gone past it', () => {
    expect(isHolderRunning(session, Date.parse('2026-11-22T10:10:57.000Z'))).toBe(true);
    expect(isHolderRunning(session, Date.parse('2026-11-22T10:10:59.000Z'))).toBe(false);
    expect(staleAfterMs(session)).toBe(60_000);
  });

  it('waits for the other side, is waited for at its turn, writes once told it is its turn, and goes past its lease', () => {
    expect(viewHolder(session, facts({ hasTurn: false }))).toEqual({
      state: 'waiting',
      reason: "its session is waiting for the Reviewer's turn (its last call 2s ago)",
      agentRunningMs: null,
    });
    expect(viewHolder(session, facts()).reason).toBe('waiting for its session to call `code-debate turn` (its last call 2s ago)');
    expect(viewHolder({ ...session, session: { ...session.session!, state: 'writing' } }, facts())).toEqual({
      state: 'writing',
      reason: 'its session is writing its turn (its last call 2s ago)',
      agentRunningMs: null,
    });
    expect(viewHolder(session, facts({ heartbeatAgeMs: 61_000 }))).toEqual({
      state: 'gone',
      reason: 'its session has not called `code-debate turn` or `submit` for 1m1s, past its 1m (--session-timeout)',
      agentRunningMs: null,
    });
  });
});
