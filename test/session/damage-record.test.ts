import os from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderKeptEdit } from '../../src/protocol/kept-edit.js';
import type { ClaimRecord } from '../../src/session/claims/claim-role.js';
import { readStandingDamage, writeDamageRecord, type DamageRecord } from '../../src/session/damage-record.js';
import { readDebateFile } from '../../src/session/read-debate-file.js';
import { saveOverwritten, recoveredDir } from '../../src/session/save-overwritten.js';
import { claimPath, statePaths } from '../../src/session/state-paths.js';
import { deadPid, useLiveHolders } from './processes.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('damage');
const liveHolder = useLiveHolders();
const whole = '# Code Debate: HEAD\n\n## Review\n\n### R1. A point\n**Severity:** low\n\nWhy.\n';

async function setup(current: string | null, holderPid: number | null) {
  const dir = await tempDir();
  const gitDir = path.join(dir, '.git');
  await mkdir(gitDir);
  const file = path.join(dir, 'reply.md');
  const paths = statePaths(gitDir, dir, file);
  await mkdir(paths.dir, { recursive: true });
  const savedTo = await saveOverwritten(paths, file, Buffer.from(whole));
  const record: DamageRecord = { role: 'reviewer', change: 'it was emptied', savedTo, restore: `cp ${savedTo} reply.md`, keep: null, at: '2026-11-28T10:00:00.000Z' };
  await writeDamageRecord(paths, record);
  if (holderPid !== null) {
    const claim: ClaimRecord = { role: 'reviewer', pid: holderPid, host: os.hostname(), startedAt: '2026-11-28T09:59:00.000Z', agent: 'builtin' };
    await writeFile(claimPath(paths, 'reviewer'), JSON.stringify(claim));
  }
  if (current !== null) await writeFile(file, current);
  return { paths, record, state: await readDebateFile(file) };
}

describe('readStandingDamage', () => {
  it('stands while the file lacks the text the side had read', async () => {
    const { paths, record, state } = await setup(whole.slice(0, 40), null);
    expect(await readStandingDamage(paths, state)).toEqual({ record, stale: false });
  });

  it('no longer stands once the file is restored, even appended to since, or the edit kept, appended to since', async () => {
    const restored = await setup(`${whole}\n---\n\n## Response 1\n`, null);
    expect(await readStandingDamage(restored.paths, restored.state)).toEqual({ record: null, stale: true });
    const cut = whole.slice(0, 40);
    const kept = await setup(`${cut}${renderKeptEdit(cut, 'the text of `## Review` was cut')}\n---\n\n## Response 1\n`, null);
    expect(await readStandingDamage(kept.paths, kept.state)).toEqual({ record: null, stale: true });
  });

  it('a file removed stands while the side that found it waits, and is a debate begun anew once it is gone', async () => {
    const waiting = await setup(null, await liveHolder());
    expect((await readStandingDamage(waiting.paths, waiting.state)).record).toEqual(waiting.record);
    const gone = await setup(null, await deadPid());
    expect(await readStandingDamage(gone.paths, gone.state)).toEqual({ record: null, stale: true });
  });

  it('reads no copy outside the folder code-debate saves them in', async () => {
    const { paths, record, state } = await setup(whole.slice(0, 40), null);
    const planted = path.join(path.dirname(recoveredDir(paths)), 'elsewhere.md');
    await writeFile(planted, whole.slice(0, 40));
    await writeDamageRecord(paths, { ...record, savedTo: planted });
    expect(await readStandingDamage(paths, state)).toEqual({ record: null, stale: true });
  });
});
