import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { killProcessGroup, signalGroup } from '../../src/agents/kill-process-group.js';
import { stopWithWorker } from '../helpers/stop-on-exit.js';
import { waitFor } from '../helpers/wait-for.js';
import { deadPid, isGone } from '../session/processes.js';

/** A process leading its own group; with `ignoreTerm` it ignores SIGTERM. */
async function groupLeader(ignoreTerm: boolean) {
  const code = `${ignoreTerm ? 'process.on("SIGTERM", () => {});' : ''} console.log("up"); setInterval(() => {}, 1e6);`;
  const child = spawn(process.execPath, ['-e', code], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  stopWithWorker(child, true);
  await once(child.stdout, 'data');
  const exited = once(child, 'exit');
  return { pid: child.pid!, exited };
}

describe('killProcessGroup', () => {
  it('stops a group with SIGTERM', async () => {
    const { pid, exited } = await groupLeader(false);
    const started = Date.now();
    await killProcessGroup(pid, 5_000);
    expect(await exited).toEqual([null, 'SIGTERM']);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(signalGroup(pid, 0)).toBe(false);
  });

  it('kills a group that ignores SIGTERM once the grace period is over', async () => {
    const { pid, exited } = await groupLeader(true);
    const started = Date.now();
    await killProcessGroup(pid, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(await exited).toEqual([null, 'SIGKILL']);
    await waitFor(() => isGone(pid), `process ${pid} to be gone`, 5_000);
  });

  it('does nothing for a group that no longer exists', async () => {
    const pid = await deadPid();
    expect(signalGroup(pid, 0)).toBe(false);
    await killProcessGroup(pid, 5_000);
  });
});
