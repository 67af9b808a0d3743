import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClaimRecord } from '../../src/session/claims/claim-role.js';
import { readClaim } from '../../src/session/claims/read-claims.js';
import type { SideEvent } from '../../src/session/side-events.js';
import { claimPath, statePaths } from '../../src/session/state-paths.js';
import { watchPeer, type PeerWatchOptions } from '../../src/session/watch-peer.js';
import { waitFor } from '../helpers/wait-for.js';
import { deadPid, useLiveHolders } from './processes.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer');
const liveHolder = useLiveHolders();
const host = os.hostname();

/** A Reviewer watching the Responder's claim, checking every 20 ms; `checks` counts them. */
async function setup(options: Partial<PeerWatchOptions> = {}) {
  const root = await tempDir();
  const paths = statePaths(path.join(root, '.git'), root, path.join(root, 'reply.md'));
  await mkdir(paths.claims, { recursive: true });
  const events: Array<Extract<SideEvent, { type: 'peer-state' }>> = [];
  let checks = 0;
  const watch = watchPeer({
    readPeer: (role) => readClaim(paths, role),
    role: 'reviewer',
    emit: (event) => {
      if (event.type === 'peer-state') events.push(event);
    },
    checkMs: 20,
    now: () => {
      checks++;
      return Date.now();
    },
    ...options,
  });
  const writeClaim = (record: Partial<ClaimRecord>) =>
    writeFile(
      claimPath(paths, 'responder'),
      JSON.stringify({ role: 'responder', host, startedAt: new Date().toISOString(), agent: 'codex', heartbeatAt: new Date().toISOString(), ...record }),
    );
  /** Waits, watching, until `what` holds; through the peer's turn unless `peerHasTurn` is false. */
  const until = (what: () => boolean, label: string, peerHasTurn?: boolean) => watch.during(waitFor(what, label, 5_000), peerHasTurn === undefined ? {} : { peerHasTurn });
  return { paths, events, writeClaim, until, checks: () => checks };
}

const summary = (event: { state: string; previous: string | null; reason: string }) => `${event.previous ?? 'null'} → ${event.state}: ${event.reason}`;

describe('watchPeer', () => {
  it('reports an absent peer, then the peer joining, then its death within a few checks', async () => {
    const { events, writeClaim, until } = await setup();
    await until(() => events.length === 1, 'the absent peer');
    const pid = await liveHolder();
    await writeClaim({ pid });
    await until(() => events.length === 2, 'the peer to join');
    process.kill(pid, 'SIGKILL');
    await until(() => events.length === 3, 'the peer to be gone');
    expect(events.map(summary)).toEqual(['null → absent: nobody holds the role', 'absent → thinking: taking its turn', 'thinking → gone: its process ended']);
    expect(events.map((event) => [event.role, event.peer, event.peerPid, event.peerHost])).toEqual([
      ['reviewer', 'responder', null, null],
      ['reviewer', 'responder', pid, host],
      ['reviewer', 'responder', pid, host],
    ]);
  });

  it('says once that a live peer thinks, at the first check, then nothing check after check: no spam', async () => {
    const { events, writeClaim, until, checks } = await setup();
    await writeClaim({ pid: await liveHolder(), agentPid: 4350, agentStartedAt: new Date().toISOString() });
    await until(() => checks() >= 15, '15 checks');
    expect(events.map((event) => [event.previous, event.state])).toEqual([[null, 'thinking']]);
  });

  it('says a person in their editor is writing, not thinking', async () => {
    const { events, writeClaim, until } = await setup();
    await writeClaim({ pid: await liveHolder(), agent: 'human', agentPid: 4350, agentStartedAt: new Date(Date.now() - 125_000).toISOString() });
    await until(() => events.length === 1, 'the peer');
    expect(summary(events[0] ?? { state: '', previous: null, reason: '' })).toBe('null → writing: a person has written in their editor for 2m5s');
  });

  it('reminds, every remindMs, that the peer is still thinking and for how long', async () => {
    const { events, writeClaim, until } = await setup({ remindMs: 100 });
    await writeClaim({ pid: await liveHolder(), agentPid: 4350, agentStartedAt: new Date(Date.now() - 360_000).toISOString() });
    await until(() => events.length === 2, 'a reminder');
    expect(summary(events[1] ?? { state: '', previous: null, reason: '' })).toBe('thinking → thinking: its agent has run for 6m (pid 4350)');
  });

  it("through this side's turn reads a live peer as waiting, and at work again when its turn comes, though it was at work before", async () => {
    const { events, writeClaim, until } = await setup();
    await writeClaim({ pid: await liveHolder(), agent: 'human' });
    await until(() => events.length === 1, 'the person at their turn');
    await until(() => events.length === 2, 'the person waiting for ours', false);
    await until(() => events.length === 3, 'the person at their next turn');
    expect(events.map(summary)).toEqual([
      'null → writing: a person is taking their turn',
      "writing → waiting: waiting for the Reviewer's turn",
      'waiting → writing: a person is taking their turn',
    ]);
  });

  it('reports a dead peer at the first check', async () => {
    const { events, writeClaim, until } = await setup();
    await writeClaim({ pid: await deadPid() });
    await until(() => events.length === 1, 'the dead peer');
    expect(events.map(summary)).toEqual(['null → gone: its process ended']);
  });

  it('on another host, a peer whose heartbeat stops is gone after three intervals, even with its clock ahead, and back when it beats again', async () => {
    const { events, writeClaim, until } = await setup();
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    await writeClaim({ pid: 4343, host: `not-${host}`, heartbeatMs: 50, heartbeatAt: ahead });
    await until(() => events.some((event) => event.state === 'gone'), 'the peer to be gone');
    const gone = events.length;
    expect(events.at(-1)?.reason).toMatch(/^no heartbeat for \d+(\.\d)?s$/);
    await writeClaim({ pid: 4343, host: `not-${host}`, heartbeatMs: 50, heartbeatAt: new Date(Date.now() + 3_600_500).toISOString() });
    await until(() => events.length === gone + 1, 'the peer to be back');
    expect(summary(events.at(-1) ?? { state: '', previous: null, reason: '' })).toBe('gone → thinking: taking its turn');
  });

  it('judges a heartbeat by the reads of the claim, not by the checks between them: a peer beating faster than it is read is never gone', async () => {
    // The claims are read every 200 ms (a remote's poll); the peer beats every 50 ms; the checks come every 20 ms.
    let read: { record: ClaimRecord; at: number } | null = null;
    const readNow = (): { record: ClaimRecord; at: number } => ({
      record: { role: 'responder', pid: 4343, host: `not-${host}`, startedAt: '2026-01-01T00:00:00.000Z', agent: 'codex', heartbeatMs: 50, heartbeatAt: new Date().toISOString() },
      at: Date.now(),
    });
    const reads = setInterval(() => (read = readNow()), 200);
    read = readNow();
    const { events, until, checks } = await setup({ readPeer: async () => read?.record ?? null, readAt: () => read?.at ?? Date.now() });
    try {
      await until(() => checks() >= 40, 'forty checks');
    } finally {
      clearInterval(reads);
    }
    expect(events.map((event) => event.state)).toEqual(['thinking']);
  });

  it('reports a peer that leaves (releases its claim) as absent', async () => {
    const { events, writeClaim, until, paths, checks } = await setup();
    await writeClaim({ pid: await liveHolder() });
    await until(() => checks() >= 3, 'three checks');
    await rm(claimPath(paths, 'responder'));
    await until(() => events.length === 2, 'the peer to leave');
    expect(events.map(summary)).toEqual(['null → thinking: taking its turn', 'thinking → absent: nobody holds the role']);
  });
});
