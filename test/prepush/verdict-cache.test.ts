import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { cachePath, debateKey, readCachedDebate, writeCachedDebate, type CachedDebate, type DebateKeyInput } from '../../src/prepush/verdict-cache.js';

const input: DebateKeyInput = {
  subject: `${'a'.repeat(40)}..${'b'.repeat(40)}`,
  agents: { reviewer: 'builtin', responder: 'builtin' },
  maxRounds: 5,
  stance: 'default',
  maxDiffBytes: 200_000,
  maxPeerBytes: 65_536,
  maxAnswerBytes: 262_144,
  budget: { maxTokens: null, maxCostUsd: null },
};

describe('debateKey', () => {
  test('is the same for the same range and settings, whatever the order of the agents object', () => {
    expect(debateKey(input)).toMatch(/^[0-9a-f]{64}$/);
    expect(debateKey({ ...input, agents: { responder: 'builtin', reviewer: 'builtin' } })).toBe(debateKey(input));
  });

  test('changes with the range and with every setting that changes the debate', () => {
    const keys = [
      input,
      { ...input, subject: `commit ${'a'.repeat(40)}` },
      { ...input, agents: { reviewer: 'claude', responder: 'builtin' } },
      { ...input, agents: { reviewer: 'builtin', responder: 'codex' } },
      { ...input, maxRounds: 3 },
      { ...input, stance: 'devils-advocate' },
      { ...input, maxDiffBytes: 1_000 },
    ].map(debateKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the cache file', () => {
  let gitDir: string;
  const entry: CachedDebate = {
    version: 2,
    subject: input.subject,
    file: '.code-debate/pre-push-0123456789ab.md',
    finishedAt: '2026-11-22T10:00:00.000Z',
    outcome: 'consensus',
    points: [{ id: 'R1', title: 'Credential committed', severity: 'critical', status: 'resolved', answer: 'agreed' }],
  };
  beforeEach(async () => {
    gitDir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-cache-'));
  });
  afterEach(async () => {
    await rm(gitDir, { recursive: true, force: true });
  });

  test('lives under the git directory and reads back what was written', async () => {
    const key = debateKey(input);
    expect(cachePath(gitDir, key)).toBe(path.join(gitDir, 'code-debate', 'pre-push-cache', `${key}.json`));
    expect(await readCachedDebate(gitDir, key)).toBeNull();

    await writeCachedDebate(gitDir, key, entry);

    expect(await readCachedDebate(gitDir, key)).toEqual(entry);
  });

  test('a file that is not a cache entry reads as a miss, so the range is debated again', async () => {
    const key = debateKey(input);
    await mkdir(path.dirname(cachePath(gitDir, key)), { recursive: true });
    for (const text of ['{ not json', '{"version":3,"file":"x","points":[]}', '{"version":1}']) {
      await writeFile(cachePath(gitDir, key), text);
      expect(await readCachedDebate(gitDir, key)).toBeNull();
    }
  });
});
