import { describe, expect, it } from 'vitest';
import type { WriteAction } from '../../src/protocol/decide-action.js';
import { sameAction } from '../../src/session/same-turn.js';

describe('sameAction', () => {
  const response: WriteAction = { type: 'write', turn: 'response', number: 2, round: 2 };
  const consensus: WriteAction = { type: 'write', turn: 'consensus', number: 0, round: 3, reason: 'resolved' };

  it('holds for the same kind and round, and for a CONSENSUS the same reason', () => {
    expect(sameAction({ type: 'write', turn: 'response', number: 2, round: 2 }, response)).toBe(true);
    expect(sameAction({ type: 'write', turn: 'consensus', number: 0, round: 3, reason: 'resolved' }, consensus)).toBe(true);
  });

  it('fails for another round, another kind, another reason, or no write at all', () => {
    expect(sameAction({ type: 'write', turn: 'response', number: 3, round: 3 }, response)).toBe(false);
    expect(sameAction({ type: 'write', turn: 'follow-up', number: 2, round: 3 }, response)).toBe(false);
    expect(sameAction({ type: 'write', turn: 'consensus', number: 0, round: 3, reason: 'stalled' }, consensus)).toBe(false);
    expect(sameAction({ type: 'wait', for: 'reviewer' }, response)).toBe(false);
    expect(sameAction({ type: 'stop' }, consensus)).toBe(false);
  });
});
