import { describe, expect, it } from 'vitest';
import { createHumanEventLog } from '../../src/cli/human-event-log.js';
import type { SideEvent } from '../../src/session/side-events.js';

type PeerState = Extract<SideEvent, { type: 'peer-state' }>;

function line(event: Omit<PeerState, 'type' | 'role' | 'peer'>): string {
  const lines: string[] = [];
  createHumanEventLog(
    (text) => lines.push(text),
    () => new Date('2026-11-22T10:02:03.456Z'),
  )({ type: 'peer-state', role: 'reviewer', peer: 'responder', ...event });
  return lines.join('');
}

describe('createHumanEventLog: what the waiting side says about its peer', () => {
  it.each<[string, Omit<PeerState, 'type' | 'role' | 'peer'>, string]>([
    [
      'no peer yet',
      { state: 'absent', previous: null, peerPid: null, peerHost: null, reason: 'nobody holds the role' },
      '10:02:03 Reviewer   no Responder is running yet: nobody holds its role. Start `code-debate` in another terminal (a peer following the protocol by hand holds no role: then just wait)\n',
    ],
    [
      'the peer joins',
      { state: 'thinking', previous: 'absent', peerPid: 4343, peerHost: 'box', reason: 'taking its turn' },
      '10:02:03 Reviewer   the Responder (pid 4343 on box) joined: taking its turn\n',
    ],
    [
      'the peer is gone',
      { state: 'gone', previous: 'thinking', peerPid: 4343, peerHost: 'box', reason: 'its process ended' },
      '10:02:03 Reviewer   the Responder (pid 4343 on box) is gone: its process ended. Restart it with the same `code-debate` command in another terminal: ' +
        'it takes its role back and the debate goes on. Still waiting, up to --turn-timeout\n',
    ],
    [
      'the peer is back',
      { state: 'thinking', previous: 'gone', peerPid: 4400, peerHost: 'box', reason: 'taking its turn' },
      '10:02:03 Reviewer   the Responder (pid 4400 on box) is back: taking its turn\n',
    ],
    [
      'a reminder during a long turn',
      { state: 'thinking', previous: 'thinking', peerPid: 4343, peerHost: 'box', reason: 'its agent has run for 6m (pid 4350)' },
      '10:02:03 Reviewer   the Responder (pid 4343 on box) is still at work: its agent has run for 6m (pid 4350)\n',
    ],
    [
      'the peer leaves',
      { state: 'absent', previous: 'thinking', peerPid: null, peerHost: null, reason: 'nobody holds the role' },
      '10:02:03 Reviewer   the Responder left: nobody holds its role any more. Start `code-debate` again in another terminal to go on\n',
    ],
    ['a peer found at work', { state: 'thinking', previous: null, peerPid: 4343, peerHost: 'box', reason: 'taking its turn' }, ''],
    ['a peer found waiting for our turn', { state: 'waiting', previous: null, peerPid: 4343, peerHost: 'box', reason: "waiting for the Reviewer's turn" }, ''],
    ['the peer waits for our turn after its own', { state: 'waiting', previous: 'thinking', peerPid: 4343, peerHost: 'box', reason: "waiting for the Reviewer's turn" }, ''],
    ['the peer takes its next turn', { state: 'writing', previous: 'waiting', peerPid: 4343, peerHost: 'box', reason: 'a person is taking their turn' }, ''],
    [
      'the peer joins while this side writes',
      { state: 'waiting', previous: 'absent', peerPid: 4343, peerHost: 'box', reason: "waiting for the Reviewer's turn" },
      "10:02:03 Reviewer   the Responder (pid 4343 on box) joined: waiting for the Reviewer's turn\n",
    ],
  ])('%s', (_name, event, expected) => {
    expect(line(event)).toBe(expected);
  });
});
