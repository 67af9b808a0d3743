import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { startCli, type Exit, type Running, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { statFields } from '../session/processes.js';
import { gatedAgent } from './gated-agent.js';

const repos = useDebateRepos();
const linux = process.platform === 'linux';
const ticksPerSecond = linux ? Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) : 100;

/** How long a side may take to notice: the next event, or at worst the next 2 s safety tick. */
const noticeWithinMs = 6_000;
/** CPU a side may burn from the removal to its exit: far below what a busy loop burns meanwhile. */
const cpuBudgetMs = 1_000;

/** CPU time `pid` has used so far, in ms (utime + stime from /proc), or null once it is gone. */
function cpuMs(pid: number): number | null {
  const fields = statFields(pid);
  return fields === null ? null : ((Number(fields[11]) + Number(fields[12])) * 1_000) / ticksPerSecond;
}

/** Follows the CPU time `pid` uses from now on, sampled every 25 ms until `stop`, which gives it in ms (up to the last sample before an exit). */
function followCpu(pid: number): { stop(): number } {
  const before = cpuMs(pid) ?? 0;
  let last = before;
  const sampler = setInterval(() => (last = cpuMs(pid) ?? last), 25);
  return {
    stop() {
      clearInterval(sampler);
      return last - before;
    },
  };
}

/**
 * Resolves once `pid` has used next to no CPU (under 20 ms: a timer or two) for `quietMs` in a
 * row, sampled every 25 ms; a process that spins never does, and the wait fails.
 */
async function idleFor(pid: number, quietMs: number): Promise<void> {
  const since = Date.now();
  const samples: Array<{ at: number; cpu: number }> = [];
  await waitFor(
    () => {
      const cpu = cpuMs(pid);
      if (cpu === null) throw new Error(`pid ${pid} exited while it should have been waiting`);
      const now = Date.now();
      samples.push({ at: now, cpu });
      const windowStart = samples.find((sample) => now - sample.at <= quietMs) ?? { cpu };
      return now - since >= quietMs && cpu - windowStart.cpu < 20;
    },
    `pid ${pid} to use no CPU for ${quietMs} ms in a row`,
    10 * quietMs,
  );
}

/** Removes `dir` under the running `process` and follows it to its exit: how long that took, and the CPU it used meanwhile. */
async function removeUnder(process: Running, dir: string): Promise<{ exit: Exit; ms: number; cpuMs: number }> {
  const pid = process.child.pid ?? -1;
  const cpu = followCpu(pid);
  const started = Date.now();
  let used: number;
  try {
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    await waitFor(() => process.child.exitCode !== null || process.child.signalCode !== null, `pid ${pid} to exit once ${dir} is gone`, 3 * noticeWithinMs);
  } finally {
    used = cpu.stop();
  }
  const exit = await process.exited;
  return { exit, ms: Date.now() - started, cpuMs: used };
}

/** A repository, one gated agent for both sides, and every process started stopped after the test. */
async function setup() {
  const repo = await repos.repo();
  const agent = await gatedAgent(repo);
  const running: Running[] = [];
  repos.onCleanup(async () => {
    for (const process of running.splice(0)) {
      process.child.kill('SIGKILL');
      await process.exited;
    }
  });
  const launch = (cwd: string, extra: readonly string[] = [], env: Record<string, string> = {}) => {
    const process = startCli(['--agent', agent.spec, ...extra, 'HEAD'], { cwd, env });
    running.push(process);
    return process;
  };
  return { repo, agent, launch };
}

describe.runIf(linux)('the repository or the working directory removed under a running side (case 10)', () => {
  it('the repository removed while the Reviewer waits: it ends at once with exit 6 saying so, recreates nothing, and does not spin', async () => {
    const { repo, launch } = await setup();
    const reviewer = launch(repo.dir);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Reviewer to wait');

    const { exit, ms, cpuMs: used } = await removeUnder(reviewer, repo.dir);
    expect(exit.code, exit.stderr).toBe(6);
    expect(exit.stderr).toContain(
      `code-debate: Cannot go on with the debate: the repository ${repo.dir} was removed while code-debate was running, and reply.md with it. Nothing more was written. ` +
        'Restore the repository to go on with this debate, or start a new one in a repository that exists.',
    );
    expect(ms).toBeLessThan(noticeWithinMs);
    expect(used).toBeLessThan(cpuBudgetMs);
    expect(existsSync(repo.dir)).toBe(false);
  });

  it('the repository removed just after the debate file: the copy of the lost text is not saved into a recreated repository', async () => {
    const { repo, launch } = await setup();
    const gate = path.join(repo.dir, '..', 'fault-gate');
    await mkdir(gate);
    const reviewer = launch(repo.dir, [], { CODE_DEBATE_FAULT: `save-overwritten=gate:${gate}` });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Reviewer to wait');
    await rm(repo.file);
    // The Reviewer has seen reply.md deleted, found the repository still there, and is about to save what it lost.
    await waitFor(() => readdir(gate).then((names) => names.some((name) => name.endsWith('.ready'))), 'the Reviewer to reach save-overwritten');
    await rm(repo.dir, { recursive: true, force: true, maxRetries: 5 });
    await writeFile(path.join(gate, 'go'), '');
    await waitFor(() => reviewer.child.exitCode !== null, 'the Reviewer to exit (a recreated repository hides the removal)', 3 * noticeWithinMs);
    const exit = await reviewer.exited;
    expect(exit.code, exit.stderr).toBe(6);
    expect(exit.stderr).toContain(`code-debate: Cannot go on with the debate: the repository ${repo.dir} was removed while code-debate was running, and reply.md with it.`);
    expect(existsSync(repo.dir)).toBe(false);
  });

  it('the working directory removed while the Reviewer waits there: exit 6 naming it, the debate file as it was', async () => {
    const { repo, launch } = await setup();
    const sub = path.join(repo.dir, 'sub');
    await mkdir(sub);
    const reviewer = launch(sub, ['--file', '../reply.md']);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Reviewer to wait');
    const before = await repo.readReply();

    const { exit, ms, cpuMs: used } = await removeUnder(reviewer, sub);
    expect(exit.code, exit.stderr).toBe(6);
    expect(exit.stderr).toContain(
      `code-debate: Cannot go on with the debate: the working directory ${sub} was removed while code-debate was running there. Nothing more was written: reply.md is as it was. ` +
        'Start code-debate again from a directory that exists: it goes on from the debate file.',
    );
    expect(ms).toBeLessThan(noticeWithinMs);
    expect(used).toBeLessThan(cpuBudgetMs);
    expect(await repo.readReply()).toBe(before);
    expect(existsSync(sub)).toBe(false);
  });

  it("the repository removed while the Responder's agent runs: once it answers, exit 6 saying so, nothing recreated", async () => {
    const { repo, agent, launch } = await setup();
    await agent.hold('response');
    const reviewer = launch(repo.dir);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = launch(repo.dir);
    await agent.started('response');

    expect((await removeUnder(reviewer, repo.dir)).exit.code).toBe(6);
    // Under the removed repository, waiting for its agent with its heartbeats failing, the Responder idles; then, answered, it ends without spinning.
    const responderPid = responder.child.pid ?? -1;
    await idleFor(responderPid, 1_000);
    const responderCpu = followCpu(responderPid);
    await agent.release('response');
    await waitFor(() => responder.child.exitCode !== null, 'the Responder to exit once its agent answered', 3 * noticeWithinMs);
    expect(responderCpu.stop()).toBeLessThan(cpuBudgetMs);
    const exit = await responder.exited;
    expect(exit.code, exit.stderr).toBe(6);
    expect(exit.stderr).toContain(`code-debate: Cannot go on with the debate: the repository ${repo.dir} was removed while code-debate was running, and reply.md with it.`);
    expect(existsSync(repo.dir)).toBe(false);
    expect(await agent.calls()).toEqual(['review', 'response']);
  });
});
