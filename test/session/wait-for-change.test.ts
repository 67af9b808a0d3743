import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checksumOf } from '../../src/session/read-debate-file.js';
import { endsWithSignature, settleMs, waitForChange } from '../../src/session/wait-for-change.js';
import { watchFile, type FileWatch } from '../../src/watch/watch-file.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('wait');
const opened: FileWatch[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((watch) => watch.close()));
});

const review = '# Code Debate: HEAD\n\n## Review\n\n### R1. A point\n';
const never = new AbortController().signal;

describe.each([
  ['native events', null],
  ['polling', 50],
] as const)('waitForChange with %s', (_mode, pollMs) => {
  async function setup(initial: string | null = review) {
    const dir = await tempDir();
    const file = path.join(dir, 'reply.md');
    if (initial !== null) await writeFile(file, initial);
    const watch = await watchFile(file, { pollMs, safetyNetMs: 60_000 });
    opened.push(watch);
    return { file, watch, checksum: checksumOf(initial ?? '') };
  }

  it('returns the new state once the peer appended its section', async () => {
    const { file, watch, checksum } = await setup();
    const waiting = waitForChange(file, watch, checksum, 10_000, never);
    const text = `${review}\n---\n\n## Response 1\n\n- R1: **Agreed**\n`;
    await appendFile(file, text.slice(review.length));
    // How the text grew depends on what this process read before: when said, it must be true.
    const got = await waiting;
    if (got === null) throw new Error('no change was seen');
    const { growth, ...state } = got;
    expect(state).toEqual({ exists: true, bytes: Buffer.from(text), text, checksum: checksumOf(text) });
    if (growth !== undefined) expect(growth.prefix + growth.appended).toBe(text);
  });

  it('sees the file appear', async () => {
    const { file, watch, checksum } = await setup(null);
    const waiting = waitForChange(file, watch, checksum, 10_000, never);
    await writeFile(file, review);
    expect(await waiting).toEqual({ exists: true, bytes: Buffer.from(review), text: review, checksum: checksumOf(review) });
  });

  it('returns a change made between reading the checksum and starting to wait', async () => {
    const { file, watch, checksum } = await setup();
    await appendFile(file, '\n## Response 1\n');
    expect((await waitForChange(file, watch, checksum, 10_000, never))?.text).toBe(`${review}\n## Response 1\n`);
  });

  it('reads a section written in several pieces only once it holds still', async () => {
    const { file, watch, checksum } = await setup();
    const waiting = waitForChange(file, watch, checksum, 10_000, never);
    const pieces = ['\n---\n\n', '## Response 1\n\n', '- R1: **Agreed**\n'];
    let lastWrite = 0;
    for (const piece of pieces) {
      await appendFile(file, piece);
      lastWrite = Date.now();
      // A peer writing piece by piece, far faster than settleMs.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const state = await waiting;
    expect(Date.now() - lastWrite).toBeGreaterThanOrEqual(settleMs);
    expect(state?.text).toBe(review + pieces.join(''));
  });

  it('keeps waiting through a write that changes nothing, then times out with null', async () => {
    const { file, watch, checksum } = await setup();
    const started = Date.now();
    const waiting = waitForChange(file, watch, checksum, 600, never);
    await writeFile(file, review);
    expect(await waiting).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
  });

  it('returns null as soon as the signal aborts', async () => {
    const { file, watch, checksum } = await setup();
    const controller = new AbortController();
    const started = Date.now();
    const waiting = waitForChange(file, watch, checksum, 10_000, controller.signal);
    controller.abort();
    expect(await waiting).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('endsWithSignature: which changes are read without the settle delay', () => {
  it.each([
    ['our section, as renderSection writes it', '## Response 1\n\nx\n\n*— Responder · builtin · 2026-11-22T00:00:00Z*\n\n', true],
    ['a signature with a cmd agent and CRLF', '## Review\r\n\r\nx\r\n\r\n*— Reviewer · cmd:my-agent · 2026-11-22T00:00:00Z*\r\n', true],
    ['half a section', '## Response 1\n\n- R1: **Agree', false],
    ['a section without a signature (a plain peer)', '## Response 1\n\n- R1: **Agreed**\n', false],
    ['a signature followed by more text', '*— Responder · builtin · 2026-11-22T00:00:00Z*\n\n## Reviewer', false],
  ])('%s: %s', (_name, text, expected) => {
    expect(endsWithSignature(`# Code Debate: HEAD\n\n${text}`)).toBe(expected);
  });
});
