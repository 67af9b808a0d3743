import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processStartOf } from '../../src/session/claims/process-alive.js';
import { statePaths } from '../../src/session/state-paths.js';
import { expectEndedWhole, isAlive, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { startCli, type Running, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { useLiveHolders } from '../session/processes.js';
import { gatedAgent } from './gated-agent.js';
import { raceGate } from './race-gate.js';

const repos = useDebateRepos();
const host = os.hostname();
const liveHolder = useLiveHolders();

/** A repository, its state directory made, and the debate's processes stopped after the test. */
async function setup() {
  const repo = await repos.repo();
  const agent = await gatedAgent(repo);
  const paths = statePaths(path.join(repo.dir, '.git'), repo.dir, repo.file);
  await mkdir(paths.dir, { recursive: true });
  const running: Running[] = [];
  repos.onCleanup(async () => {
    for (const process of running.splice(0)) {
      process.child.kill('SIGKILL');
      await process.exited;
    }
  });
  const launch = (extra: readonly string[], env: Record<string, string> = {}) => {
    const process = startCli(['--agent', agent.spec, ...extra, 'HEAD'], { cwd: repo.dir, env });
    running.push(process);
    return process;
  };
  return { repo, paths, launch };
}

/** Both sides ended with code 0, without waiting a lock out, and the debate is whole, valid and its outcome stated, with no lock left. */
async function debatedToTheEnd(repo: DebateRepo, dir: string, processes: Running[]): Promise<void> {
  const exits = await Promise.all(processes.map((process) => process.exited));
  const stderr = exits.map((exit) => exit.stderr).join('\n');
  expect(
    exits.map((exit) => exit.code),
    stderr,
  ).toEqual([0, 0]);
  expect(stderr).not.toContain('Cannot take the lock');
  expectEndedWhole(await repo.readReply());
  expect((await readdir(dir)).filter((name) => name.endsWith('.lock'))).toEqual([]);
}

/** A live process that is not code-debate by its command line (`sleep`), killed after the test. */
function unrelatedProcess(): number {
  const unrelated = spawn('sleep', ['1000'], { stdio: 'ignore' });
  repos.onCleanup(async () => {
    const exited = once(unrelated, 'exit');
    unrelated.kill('SIGKILL');
    await exited;
  });
  if (unrelated.pid === undefined) throw new Error('sleep did not start');
  return unrelated.pid;
}

/**
 * A Reviewer and a Responder debate with the write and takeover locks already held by `lock`, a
 * record naming `pid`, a live process other than the code-debate that left it: each lock is broken
 * at its first try, the debate ends whole, and `pid` is left alone.
 */
async function debateThroughStaleLocks(lock: string, pid: number): Promise<void> {
  const { repo, paths, launch } = await setup();
  await writeFile(paths.writeLock, lock);
  await writeFile(paths.takeoverLock, lock);

  const reviewer = launch(['--json']);
  await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
  const responder = launch(['--json']);
  await debatedToTheEnd(repo, paths.dir, [reviewer, responder]);
  // Broken at the first try: each write took far less than the 30 s after which any lock is stale.
  const writes = [reviewer, responder].flatMap((process) =>
    process
      .output()
      .stdout.split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; ms?: number })
      .filter((event) => event.type === 'turn-written'),
  );
  expect(writes).toHaveLength(3);
  for (const write of writes) expect(write.ms).toBeLessThan(5_000);
  expect(isAlive(pid)).toBe(true);
}

describe('a stale lock whose pid now belongs to another live process (case 4)', () => {
  it('locks as code-debate leaves them, with its start time: a pid reused since is told apart by its start, even by a process named code-debate', async () => {
    // Its command line names code-debate, so that cannot tell it apart: only the start time the lock records can.
    const pid = await liveHolder();
    const started = processStartOf(pid);
    if (started === null) throw new Error(`no start time for pid ${pid} in /proc`);
    // A code-debate that had this pid before, and died holding the locks, started earlier.
    await debateThroughStaleLocks(JSON.stringify({ pid, host, at: Date.now(), processStart: started - 1 }), pid);
  });

  it('locks without a start time (as from a system without /proc): a pid reused since by a process that is not code-debate', async () => {
    const pid = unrelatedProcess();
    await debateThroughStaleLocks(JSON.stringify({ pid, host, at: Date.now() }), pid);
  });

  it('locks and a claim naming this very process, left by an earlier one that had its pid (a restarted container), are taken back', async () => {
    const { repo, paths, launch } = await setup();
    const gate = await raceGate(path.join(repo.dir, '..', 'claim-gate'));
    const reviewer = launch([], gate.env);
    const pid = reviewer.child.pid ?? -1;
    await waitFor(async () => (await readdir(path.join(repo.dir, '..', 'claim-gate'))).includes(`${pid}.ready`), 'the Reviewer to stand before its claim');
    // The earlier process's start time differs from this one's: its records name the pid, not the process.
    const lock = JSON.stringify({ pid, host, at: Date.now(), processStart: 1 });
    await writeFile(paths.writeLock, lock);
    await writeFile(paths.takeoverLock, lock);
    await writeFile(path.join(paths.claims, 'reviewer.json'), JSON.stringify({ role: 'reviewer', pid, host, startedAt: '2026-11-22T10:00:00.000Z', agent: 'builtin' }));
    await gate.open([pid]);

    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer to take its role back');
    expect(reviewer.output().stderr).toContain(`took the role over from dead pid ${pid}`);
    const responder = launch([]);
    await debatedToTheEnd(repo, paths.dir, [reviewer, responder]);
  });
});
