import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../src/protocol/document.js';
import { ClaimError } from '../../../src/errors.js';
import { withFileLock } from '../../../src/session/claims/file-lock.js';
import { claimRole, createClaimsHeld, type Claim, type ClaimOptions, type ClaimRecord } from '../../../src/session/claims/claim-role.js';
import { statePaths } from '../../../src/session/state-paths.js';
import { deadPid, useLiveHolders } from '../processes.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { waitFor } from '../../helpers/wait-for.js';

const tempDir = useTempDir('claim');
const liveHolder = useLiveHolders();
const host = os.hostname();

async function setup() {
  const root = await tempDir();
  await mkdir(path.join(root, '.git'));
  const paths = statePaths(path.join(root, '.git'), root, path.join(root, 'reply.md'));
  // The claims of this test's process: one for every claim it makes, as a process has one.
  const held = createClaimsHeld();
  const options = (wanted: Role | 'auto', fileExists = false, agent = 'builtin'): ClaimOptions => ({ paths, wanted, fileExists, agent, held });
  const claimFile = (role: Role) => path.join(paths.claims, `${role}.json`);
  const readClaim = async (role: Role) => JSON.parse(await readFile(claimFile(role), 'utf8')) as ClaimRecord;
  const writeClaim = async (record: ClaimRecord) => {
    await mkdir(paths.claims, { recursive: true });
    await writeFile(claimFile(record.role), JSON.stringify(record));
  };
  return { paths, options, claimFile, readClaim, writeClaim };
}

const recordOf = (role: Role, pid: number, agent = 'other-agent'): ClaimRecord => ({ role, pid, host, startedAt: '2026-11-22T10:00:00.000Z', agent });

describe('claimRole', () => {
  it('with auto and no debate file yet, makes this process the Reviewer and records it', async () => {
    const { options, readClaim } = await setup();
    const before = Date.now();
    const claim = await claimRole(options('auto', false, 'cmd:my-agent'));
    expect(claim.role).toBe('reviewer');
    expect(claim.tookOverFrom).toBeNull();
    const record = await readClaim('reviewer');
    expect(record).toEqual({ role: 'reviewer', pid: process.pid, host, startedAt: record.startedAt, agent: 'cmd:my-agent', heartbeatAt: record.startedAt, heartbeatMs: 5_000 });
    expect(Date.parse(record.startedAt)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('with auto and an existing debate file, makes this process the Responder', async () => {
    const { options, paths } = await setup();
    const claim = await claimRole(options('auto', true));
    expect(claim.role).toBe('responder');
    expect(await readdir(paths.claims)).toEqual(['responder.json']);
  });

  it('with auto, takes the other role when the expected one is held by a live process', async () => {
    const { options, writeClaim } = await setup();
    await writeClaim(recordOf('reviewer', await liveHolder()));
    expect((await claimRole(options('auto', false))).role).toBe('responder');
  });

  it('refuses a third claim with a ClaimError naming both holders', async () => {
    const { options, writeClaim, readClaim, claimFile } = await setup();
    const mine = await claimRole(options('reviewer', false, 'builtin'));
    expect(mine.role).toBe('reviewer');
    const holder = await liveHolder();
    await writeClaim(recordOf('responder', holder));
    const reviewer = await readClaim('reviewer');
    const error: unknown = await claimRole(options('auto')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClaimError);
    // Two lines: who holds what, and what to do.
    expect((error as Error).message).toBe(
      `Both roles of this debate are taken: the Reviewer pid ${process.pid} (builtin, since ${reviewer.startedAt.slice(11, 16)}) and ` +
        `the Responder pid ${holder} (other-agent, since 10:00).\n` +
        `Wait for it to end, stop one, or use another --file; if a holder no longer runs, delete reviewer.json and responder.json in ${path.dirname(claimFile('reviewer'))}.`,
    );
  });

  it('refuses a designated role held by a live process, naming that holder only', async () => {
    const { options, writeClaim, claimFile } = await setup();
    const holder = await liveHolder();
    await writeClaim(recordOf('responder', holder));
    await expect(claimRole(options('responder'))).rejects.toThrow(
      new ClaimError(
        `The responder role is taken: the Responder pid ${holder} (other-agent, since 10:00).\n` +
          `Wait for it to end, stop one, or use another --file; if a holder no longer runs, delete responder.json in ${path.dirname(claimFile('responder'))}.`,
      ),
    );
  });

  it('with auto and an existing file, takes back the Reviewer role its dead predecessor held before the free Responder role', async () => {
    const { options, writeClaim } = await setup();
    await writeClaim(recordOf('reviewer', await deadPid()));
    const claim = await claimRole(options('auto', true));
    expect(claim.role).toBe('reviewer');
    expect(claim.tookOverFrom).toMatchObject({ role: 'reviewer' });
  });

  it('serializes quick updates: the claim file is always a whole claim, and the last update wins', async () => {
    const { options, readClaim } = await setup();
    const claim = await claimRole(options('reviewer'));
    await Promise.all(Array.from({ length: 30 }, (_, i) => claim.update(i % 2 === 0 ? { agentPid: 1000 + i } : {})));
    await claim.update({ agentPid: 4242 });
    expect((await readClaim('reviewer')).agentPid).toBe(4242);
  });

  it('of 10 concurrent auto claims, exactly two win, one per role', async () => {
    const { options } = await setup();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => claimRole(options('auto'))));
    const roles = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.role] : []));
    expect(roles.sort()).toEqual(['responder', 'reviewer']);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ClaimError);
  });

  it('takes over a claim left by a process that died on this host', async () => {
    const { options, writeClaim, readClaim, paths } = await setup();
    const dead = recordOf('reviewer', await deadPid());
    await writeClaim(dead);
    const claim = await claimRole(options('auto'));
    expect(claim.role).toBe('reviewer');
    expect(claim.tookOverFrom).toEqual(dead);
    expect((await readClaim('reviewer')).pid).toBe(process.pid);
    expect(await readdir(paths.claims)).toEqual(['reviewer.json']);
  });

  it.each(['garbage', 'null', '42'])('takes over a claim file that is not a claim (written by hand): %s', async (text) => {
    const { options, paths, claimFile, readClaim } = await setup();
    await mkdir(paths.claims, { recursive: true });
    await writeFile(claimFile('reviewer'), text);
    const claim = await claimRole(options('reviewer'));
    expect(claim.tookOverFrom).toMatchObject({ role: 'reviewer', pid: -1 });
    expect((await readClaim('reviewer')).pid).toBe(process.pid);
  });

  it('never takes over a claim from another host: its process cannot be checked', async () => {
    const { options, writeClaim } = await setup();
    await writeClaim({ ...recordOf('reviewer', await deadPid()), host: `not-${host}` });
    await expect(claimRole(options('reviewer'))).rejects.toBeInstanceOf(ClaimError);
  });

  it('release removes our claim, so the role can be claimed again', async () => {
    const { options, paths } = await setup();
    const claim = await claimRole(options('reviewer'));
    await claim.release();
    expect(await readdir(paths.claims)).toEqual([]);
    expect((await claimRole(options('reviewer'))).role).toBe('reviewer');
  });

  it('release leaves alone a claim that another process holds now', async () => {
    const { options, claimFile } = await setup();
    const claim: Claim = await claimRole(options('reviewer'));
    const successor = JSON.stringify(recordOf('reviewer', await liveHolder()));
    await writeFile(claimFile('reviewer'), successor);
    await claim.release();
    expect(await readFile(claimFile('reviewer'), 'utf8')).toBe(successor);
  });

  it("update records the agent's pid in the claim, and removes it again", async () => {
    const { options, readClaim, paths } = await setup();
    const claim = await claimRole(options('responder', true, 'cmd:x'));
    const record = await readClaim('responder');
    const before = Date.now();
    await claim.update({ agentPid: 4242 });
    const running = await readClaim('responder');
    expect(running).toEqual({ ...record, agentPid: 4242, agentStartedAt: running.agentStartedAt, heartbeatAt: running.heartbeatAt });
    expect(Date.parse(running.agentStartedAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    await claim.update({});
    expect(await readClaim('responder')).toEqual({ ...record, heartbeatAt: (await readClaim('responder')).heartbeatAt });
    expect(await readdir(paths.claims)).toEqual(['responder.json']);
  });
});

describe('the heartbeat', () => {
  /** Resolves once `role`'s claim has shown `beats` heartbeats after the one read first. */
  async function beats(readClaim: (role: Role) => Promise<ClaimRecord>, role: Role, count: number): Promise<ClaimRecord> {
    const seen = new Set([(await readClaim(role)).heartbeatAt]);
    return waitFor(
      async () => {
        const record = await readClaim(role);
        seen.add(record.heartbeatAt);
        return seen.size > count ? record : null;
      },
      `${count} heartbeats of the ${role}`,
      5_000,
    );
  }

  it('refreshes heartbeatAt every heartbeatMs and keeps the running agent in the claim', async () => {
    const { options, readClaim } = await setup();
    const claim = await claimRole({ ...options('reviewer'), heartbeatMs: 20 });
    await claim.update({ agentPid: 4242 });
    const running = await readClaim('reviewer');
    expect(running.heartbeatMs).toBe(20);
    const later = await beats(readClaim, 'reviewer', 3);
    expect(Date.parse(later.heartbeatAt ?? '')).toBeGreaterThan(Date.parse(running.heartbeatAt ?? ''));
    expect(later).toEqual({ ...running, heartbeatAt: later.heartbeatAt });
    await claim.release();
  });

  it('stops on release: the released claim is not written again', async () => {
    const { options, readClaim, paths } = await setup();
    const claim = await claimRole({ ...options('reviewer'), heartbeatMs: 10 });
    await claim.release();
    const other = await claimRole({ ...options('responder'), heartbeatMs: 10 });
    await beats(readClaim, 'responder', 5);
    // The responder's heartbeat takes the takeover lock and writes through a temporary file meanwhile.
    expect((await readdir(paths.claims)).filter((name) => name.endsWith('.json'))).toEqual(['responder.json']);
    await other.release();
  });

  it("never overwrites a successor's claim: a claim that is no longer ours is left alone", async () => {
    const { options, readClaim, claimFile, paths } = await setup();
    const claim = await claimRole({ ...options('reviewer'), heartbeatMs: 10 });
    const successor = JSON.stringify(recordOf('reviewer', await liveHolder()));
    // As a successor takes a role over: under the takeover lock, which a heartbeat holds from its read to its rename.
    await withFileLock(paths.takeoverLock, { timeoutMs: 5_000 }, () => writeFile(claimFile('reviewer'), successor));
    const other = await claimRole({ ...options('responder'), heartbeatMs: 10 });
    await beats(readClaim, 'responder', 5);
    await claim.update({ agentPid: 4242 });
    expect(await readFile(claimFile('reviewer'), 'utf8')).toBe(successor);
    await Promise.all([claim.release(), other.release()]);
  });
});
