import { appendFile, mkdtemp, open as openFile, readdir, readFile, readlink, realpath, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
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
    // A stat sample sees two changes between samples as one, and the caller reads the file after
    // each wake anyway. What matters here is that the watch follows the file's new inode: poll, bounded.
    await waitFor(async () => {
      await appendFile(file, '\n## Response 1\n');
      return (await watch.next(500)) === 'event';
    }, 'an append after the rename to be seen');
  });

  it('wakes for a write that lands within 50 ms of the one before (chokidar throttles its change events)', async () => {
    const { file, watch } = await setup();
    const first = watch.next(10_000);
    await appendFile(file, '\n## Review\n');
    const firstLanded = performance.now();
    expect(await first).toBe('event');
    // Take what the first write left pending, as a caller reading the file after the wake would.
    while ((await watch.next(0)) === 'event');
    await appendFile(file, '\n## Response 1\n');
    // Only a quick second write tests the throttle; on a machine too slow for one, the case says nothing.
    if (performance.now() - firstLanded >= 50) return;
    // No safety ticks here: a dropped event would end this wait as a timeout.
    expect(await watch.next(10_000)).toBe('event');
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

/** Sets CODE_DEBATE_FAULT (read when a watch is opened) for the duration of `run`. */
async function withFault<T>(fault: string | null, run: () => Promise<T>): Promise<T> {
  const saved = process.env.CODE_DEBATE_FAULT;
  if (fault === null) delete process.env.CODE_DEBATE_FAULT;
  else process.env.CODE_DEBATE_FAULT = fault;
  try {
    return await run();
  } finally {
    if (saved === undefined) delete process.env.CODE_DEBATE_FAULT;
    else process.env.CODE_DEBATE_FAULT = saved;
  }
}

/** The inotify watches this process holds (libuv keeps one inotify instance per loop, with a watch per path). */
async function inotifyWatches(): Promise<number> {
  let watches = 0;
  for (const fd of await readdir('/proc/self/fd')) {
    const link = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (!link.includes('inotify')) continue;
    const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => '');
    watches += info.split('\n').filter((line) => line.startsWith('inotify wd:')).length;
  }
  return watches;
}

async function openIn(file: string, options: WatchOptions): Promise<FileWatch> {
  const watch = await watchFile(file, options);
  opened.push(watch);
  return watch;
}

async function tempFile(): Promise<string> {
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-watch-')));
  dirs.push(dir);
  const file = path.join(dir, 'reply.md');
  await writeFile(file, '# Code Debate: HEAD\n');
  return file;
}

// --poll <ms> promises a change noticed within <ms>; the interval is generous for a loaded machine.
const pollMs = 400;

describe.each([
  ['native events available', null],
  ['no native events (CODE_DEBATE_FAULT=file-events=none)', 'file-events=none'],
] as const)('watchFile with --poll, %s', (_case, fault) => {
  it('notices every change within the poll interval, even one landing just after a sample', async () => {
    const file = await tempFile();
    const watch = await withFault(fault, () => openIn(file, { pollMs, safetyNetMs: noTicks }));
    for (let write = 0; write < 5; write++) {
      // After the first, each write lands just after the sample that saw the one before: the worst case.
      const next = watch.next(10_000);
      const started = performance.now();
      await appendFile(file, `\n## Response ${write + 1}\n`);
      expect(await next).toBe('event');
      expect(performance.now() - started).toBeLessThanOrEqual(pollMs);
    }
  });

  it('notices a same-size rewrite with the old mtime restored: its ctime moved on', async () => {
    const file = await tempFile();
    // Times in whole seconds, which utimes() sets back exactly; atime after mtime, as after a read.
    const mtime = 1_700_000_000;
    await utimes(file, mtime + 60, mtime);
    const watch = await withFault(fault, () => openIn(file, { pollMs, safetyNetMs: noTicks }));
    const before = await stat(file, { bigint: true });
    const next = watch.next(10_000);
    const started = performance.now();
    const handle = await openFile(file, 'r+');
    await handle.write('Rewrite', 2);
    await handle.close();
    await utimes(file, mtime + 60, mtime);
    const after = await stat(file, { bigint: true });
    expect([after.ino, after.size, after.mtimeNs, after.atimeNs]).toEqual([before.ino, before.size, before.mtimeNs, before.atimeNs]);
    expect(await next).toBe('event');
    expect(performance.now() - started).toBeLessThanOrEqual(pollMs);
  });

  it.runIf(process.platform === 'linux')('opens no native watch: it polls the stat', async () => {
    const file = await tempFile();
    const before = await inotifyWatches();
    await withFault(fault, () => openIn(file, { pollMs, safetyNetMs: noTicks }));
    expect(await inotifyWatches()).toBe(before);
  });
});

describe('watchFile with native events and CODE_DEBATE_FAULT=file-events=none', () => {
  it('sees no events: only the safety ticks wake it', async () => {
    const file = await tempFile();
    const watch = await withFault('file-events=none', () => openIn(file, { pollMs: null, safetyNetMs: 300 }));
    const next = watch.next(10_000);
    await appendFile(file, '\n## Review\n');
    expect(await next).toBe('tick');
  });
});

describe('watchFile with CODE_DEBATE_FAULT=safety-ticks=none', () => {
  it('never ticks: only a change wakes it', async () => {
    const file = await tempFile();
    const watch = await withFault('safety-ticks=none', () => openIn(file, { pollMs: null, safetyNetMs: 20 }));
    // Ten tick intervals pass with nothing but the timeout to end the wait.
    expect(await watch.next(200)).toBe('timeout');
    const next = watch.next(10_000);
    await appendFile(file, '\n## Review\n');
    expect(await next).toBe('event');
  });
});
