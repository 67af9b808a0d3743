import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../../src/session/claims/process-alive.js';
import { deadPid, useLiveHolders } from '../processes.js';

const liveHolder = useLiveHolders();
const host = os.hostname();

describe('isProcessAlive', () => {
  it('counts this process as alive', () => {
    expect(isProcessAlive({ pid: process.pid, host })).toBe(true);
  });

  it('counts a process that exited as dead', async () => {
    expect(isProcessAlive({ pid: await deadPid(), host })).toBe(false);
  });

  it('counts a live code-debate process as alive', async () => {
    expect(isProcessAlive({ pid: await liveHolder(), host })).toBe(true);
  });

  it.runIf(process.platform === 'linux')('counts a live process that is not code-debate (a reused pid) as dead', async () => {
    expect(isProcessAlive({ pid: await liveHolder(), host }, 'no-such-marker')).toBe(false);
  });

  it('counts a process on another host as alive: it cannot be checked', async () => {
    expect(isProcessAlive({ pid: await deadPid(), host: `not-${host}` })).toBe(true);
  });

  it.each([0, -1, 1.5, Number.NaN])('counts pid %s, which names no single process, as dead', (pid) => {
    expect(isProcessAlive({ pid, host })).toBe(false);
  });
});
