import { appendFile, mkdtemp, realpath, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { watchFile, type FileWatch, type WatchOptions } from '../../src/watch/watch-file.js';

const opened: FileWatch[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((watch) => watch.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Long enough that no safety tick wakes a test that waits for an event. */
const noTicks = 60_000;

// Like chokidar's own suite: every behaviour with native events, then again with polling.
describe.each([
  ['native events', null],
  ['polling', 50],
] as const)('watchFile with %s', (_mode, pollMs) => {
  async function setup(initial: string | null = '# Code Debate: HEAD\n', options: Partial<WatchOptions> = {}) {
    const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-watch-')));
    dirs.push(dir);
    const file = path.join(dir, 'reply.md');
    if (initial !== null) await writeFile(file, initial);
    const open = async (more: Partial<WatchOptions> = {}) => {
      const watch = await watchFile(file, { pollMs, safetyNetMs: noTicks, ...options, ...more });
      opened.push(watch);
      return watch;
    };
    return { dir, file, watch: await open(), open };
  }

  it('wakes on an append in place', async () => {
    const { file, watch } = await setup();
    const next = watch.next(10_000);
    await appendFile(file, '\n## Review\n');
    expect(await next).toBe('event');
  });

  it('wakes on a save by rename, and still sees appends in place after it', async () => {
    const { dir, file, watch } = await setup();
    const temporary = path.join(dir, '.reply.md.tmp');
    await writeFile(temporary, '# Code Debate: HEAD\n\n## Review\n');
    const renamed = watch.next(10_000);
    await rename(temporary, file);
    expect(await renamed).toBe('event');
    // chokidar drops a change that follows another within 5 ms; the session's safety tick covers
    // that. What matters here is that the watch follows the file's new inode: poll, bounded.
    await waitFor(async () => {
      await appendFile(file, '\n## Response 1\n');
      return (await watch.next(500)) === 'event';
    }, 'an append after the rename to be seen');
  });

  it('wakes when the absent file is created', async () => {
    const { file, watch } = await setup(null);
    const next = watch.next(10_000);
    await writeFile(file, '# Code Debate: HEAD\n');
    expect(await next).toBe('event');
  });

  it('ignores other files in the same directory', async () => {
    const { dir, watch } = await setup();
    const next = watch.next(400);
    await writeFile(path.join(dir, 'other.md'), 'not the debate\n');
    expect(await next).toBe('timeout');
  });

  it('keeps an event that arrives while nobody waits, for the next call', async () => {
    const { file, watch, open } = await setup();
    // A second watch that is waiting tells when the change has been delivered.
    const witness = await open();
    const seen = witness.next(10_000);
    await appendFile(file, '\n## Review\n');
    expect(await seen).toBe('event');
    expect(await watch.next(10_000)).toBe('event');
  });

  it('times out when nothing changes', async () => {
    const { watch } = await setup();
    const started = Date.now();
    expect(await watch.next(200)).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('wakes with a tick every safetyNetMs, even without events', async () => {
    const { watch } = await setup('# Code Debate: HEAD\n', { safetyNetMs: 100 });
    expect(await watch.next(10_000)).toBe('tick');
  });

  it('ends the wait as a timeout when the signal aborts, whether during the wait or before it', async () => {
    const { watch } = await setup();
    const controller = new AbortController();
    const next = watch.next(10_000, controller.signal);
    controller.abort();
    expect(await next).toBe('timeout');
    expect(await watch.next(10_000, controller.signal)).toBe('timeout');
  });

  it('close ends a wait in progress', async () => {
    const { watch } = await setup();
    const next = watch.next(10_000);
    await watch.close();
    expect(await next).toBe('timeout');
  });
});
