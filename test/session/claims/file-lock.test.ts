import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClaimError } from '../../../src/errors.js';
import { withFileLock } from '../../../src/session/claims/file-lock.js';
import { waitFor } from '../../helpers/wait-for.js';
import { deadPid, useLiveHolders } from '../processes.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('lock');
const liveHolder = useLiveHolders();

const lockOf = (pid: number, at = Date.now()) => JSON.stringify({ pid, host: os.hostname(), at });

describe('withFileLock', () => {
  it('runs one task at a time: 30 concurrent read-modify-write tasks never overlap and lose no update', async () => {
    const dir = await tempDir();
    const lock = path.join(dir, 'write.lock');
    const counter = path.join(dir, 'counter');
    await writeFile(counter, '0');
    const log: string[] = [];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        withFileLock(lock, { timeoutMs: 20_000 }, async () => {
          log.push(`enter ${i}`);
          const value = Number(await readFile(counter, 'utf8'));
          await writeFile(counter, String(value + 1));
          log.push(`exit ${i}`);
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(await readFile(counter, 'utf8')).toBe('30');
    expect(log).toHaveLength(60);
    for (let k = 0; k < log.length; k += 2) {
      const task = log[k]!.slice('enter '.length);
      expect([log[k], log[k + 1]]).toEqual([`enter ${task}`, `exit ${task}`]);
    }
    expect(await readdir(dir)).toEqual(['counter']);
  });

  it('holds the lock file, with its pid, while the task runs, and removes it when the task throws', async () => {
    const dir = await tempDir();
    const lock = path.join(dir, 'write.lock');
    const failure = new Error('task failed');
    await expect(
      withFileLock(lock, { timeoutMs: 1_000 }, async () => {
        expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await readdir(dir)).toEqual([]);
  });

  it('breaks a lock left by a process that has exited', async () => {
    const dir = await tempDir();
    const lock = path.join(dir, 'write.lock');
    await writeFile(lock, lockOf(await deadPid()));
    const seen = await withFileLock(lock, { timeoutMs: 5_000 }, async () => JSON.parse(await readFile(lock, 'utf8')) as { pid: number });
    expect(seen.pid).toBe(process.pid);
    expect(await readdir(dir)).toEqual([]);
  });

  it.each([
    ['unreadable text', 'not json'],
    ['no pid at all', '{}'],
    ['pid -1', JSON.stringify({ pid: -1, host: os.hostname(), at: Date.now() })],
  ])('breaks a lock that names no process (%s)', async (_what, text) => {
    const dir = await tempDir();
    const lock = path.join(dir, 'write.lock');
    await writeFile(lock, text);
    expect(await withFileLock(lock, { timeoutMs: 2_000 }, async () => 'ran')).toBe('ran');
    expect(await readdir(dir)).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('breaks a lock whose pid now runs a process that is not code-debate', async () => {
    const dir = await tempDir();
    const lock = path.join(dir, 'write.lock');
    const pid = await liveHolder();
    await writeFile(lock, lockOf(pid));
    expect(await withFileLock(lock, { timeoutMs: 2_000, marker: 'no-such-marker' }, async () => 'ran')).toBe('ran');
  });

  it('breaks a lock older than staleMs even if its holder lives', async () => {
    const dir = await tempDir();
    const lock = path.join(dir, 'write.lock');
    await writeFile(lock, lockOf(await liveHolder(), Date.now() - 60_000));
    expect(await withFileLock(lock, { timeoutMs: 2_000, staleMs: 30_000 }, async () => 'ran')).toBe('ran');
  });

  it('gives up on a live holder after timeoutMs with a clear error, leaving its lock alone', async () => {
    const dir = await tempDir();
    const lock = path.join(dir, 'write.lock');
    const text = lockOf(await liveHolder());
    await writeFile(lock, text);
    let ran = false;
    const started = Date.now();
    const error: unknown = await withFileLock(lock, { timeoutMs: 300 }, async () => {
      ran = true;
    }).catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(error).toBeInstanceOf(ClaimError);
    expect((error as Error).message).toBe(
      `Cannot take the lock ${lock}: another code-debate process has held it for over 300 ms. ` + 'If no other code-debate process is running, delete that file.',
    );
    expect(ran).toBe(false);
    expect(await readFile(lock, 'utf8')).toBe(text);
  });

  it('waits for a live holder that lets go before the timeout', async () => {
    const dir = await tempDir();
    const lock = path.join(dir, 'write.lock');
    const order: string[] = [];
    const first = withFileLock(lock, { timeoutMs: 5_000 }, async () => {
      order.push('first in');
      // The scenario, not a wait: a holder that keeps the lock for a while, so the other task retries.
      await delay(300);
      order.push('first out');
    });
    await waitFor(() => order.length === 1, 'the first task to hold the lock');
    const second = withFileLock(lock, { timeoutMs: 5_000 }, async () => {
      order.push('second in');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });
});
