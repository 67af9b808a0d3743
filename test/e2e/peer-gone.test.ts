import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { signalGroup } from '../../src/agents/kill-process-group.js';
import { runStatus, type DebateStatus } from '../../src/cli/status-command.js';
import { sampleReview, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { scriptedAgent, startCli, type Running, waitWhileRunning, agentPids } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();
const host = os.hostname();

/** A Reviewer that has written its Review and waits, and a way to start Responders whose agent hangs. */
async function reviewerWaiting() {
  const repo = await repos.repo();
  const reviewerScript = await repo.script('reviewer', { review: sampleReview });
  const responderScript = await repo.script('responder', { response: { hang: true } });
  const running: Running[] = [];
  repos.onCleanup(async () => {
    for (const process of running.splice(0)) {
      process.child.kill('SIGKILL');
      await process.exited;
    }
    // A SIGKILLed side cannot stop its agent, which runs in its own process group: the test does.
    for (const pid of await agentPids(responderScript.log)) signalGroup(pid, 'SIGKILL');
  });
  const reviewer = startCli(['--agent', scriptedAgent(reviewerScript.script, reviewerScript.log), 'HEAD'], { cwd: repo.dir });
  running.push(reviewer);
  await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('no Responder is running yet'), 'the Reviewer to wait for a Responder that is not there');
  const startResponder = async () => {
    const responder = startCli(['--agent', scriptedAgent(responderScript.script, responderScript.log), 'HEAD'], { cwd: repo.dir });
    running.push(responder);
    await waitWhileRunning(responder, () => responder.output().stderr.includes('I am the Responder'), 'the Responder to claim its role');
    if (responder.child.pid === undefined) throw new Error('the Responder did not start');
    return { responder, pid: responder.child.pid };
  };
  return { repo, reviewer, startResponder, agentLog: responderScript.log };
}

async function status(repo: DebateRepo, json: boolean): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runStatus({ cwd: repo.dir, file: 'reply.md', json, write: (text) => (out += text) });
  return { code, out };
}

describe('a peer that is gone, or only thinking', () => {
  it('a Responder killed with SIGKILL is reported as gone within seconds; restarted, it is back', async () => {
    const { reviewer, startResponder, agentLog } = await reviewerWaiting();
    const first = await startResponder();
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes(`the Responder (pid ${first.pid} on ${host}) joined`), 'the Reviewer to see the Responder join');
    await waitFor(async () => (await agentPids(agentLog)).length === 1, "the Responder's agent to start");
    first.responder.child.kill('SIGKILL');
    expect((await first.responder.exited).signal).toBe('SIGKILL');
    await waitFor(
      () => reviewer.output().stderr.includes(`the Responder (pid ${first.pid} on ${host}) is gone: its process ended. Restart it with the same \`code-debate\` command`),
      'the Reviewer to report the Responder gone',
      8_000,
    );

    const second = await startResponder();
    expect(second.responder.output().stderr).toContain(`took the role over from dead pid ${first.pid}`);
    await waitFor(() => reviewer.output().stderr.includes(`the Responder (pid ${second.pid} on ${host}) is back`), 'the Reviewer to see the Responder back', 8_000);
    expect(reviewer.child.exitCode).toBeNull();
  });

  it('a Responder whose agent hangs is thinking, not gone; status shows both roles, the round and whose turn', async () => {
    const { repo, reviewer, startResponder, agentLog } = await reviewerWaiting();
    const { pid } = await startResponder();
    const [agentPid] = await waitFor(async () => {
      const pids = await agentPids(agentLog);
      return pids.length === 1 ? pids : null;
    }, "the Responder's agent to start");
    // Outlast a heartbeat of the Responder after its agent started: it stays thinking.
    const beaten = await waitFor(
      async () => {
        const report = JSON.parse((await status(repo, true)).out) as DebateStatus;
        const responder = report.roles.responder;
        return responder.agentRunningMs !== null && responder.heartbeatAgeMs !== null && responder.heartbeatAgeMs < responder.agentRunningMs ? report : null;
      },
      'a heartbeat after the agent started',
      10_000,
    );

    expect(beaten).toMatchObject({
      version: 1,
      file: 'reply.md',
      exists: true,
      title: 'Code Debate: HEAD',
      problem: null,
      round: 1,
      turn: 'responder',
      outcome: 'running',
      state: null,
      stateRound: null,
    });
    expect(beaten.roles.reviewer).toMatchObject({ state: 'waiting', reason: "waiting for the Responder's turn", pid: reviewer.child.pid, host, agentPid: null });
    expect(beaten.roles.responder).toMatchObject({ state: 'thinking', pid, host, agentPid });
    expect(beaten.roles.responder.reason).toMatch(new RegExp(`^its agent has run for \\S+ \\(pid ${agentPid}\\)$`));

    const text = await status(repo, false);
    expect(text.code).toBe(0);
    const lines = text.out.split('\n');
    expect(lines.slice(0, 3)).toEqual(['Debate     reply.md · Code Debate: HEAD', "Round      1, the Responder's turn", 'State      -']);
    expect(lines[3]).toMatch(new RegExp(`^Reviewer   waiting · pid ${reviewer.child.pid} on ${host} · agent cmd:.* · heartbeat \\S+ ago · waiting for the Responder's turn$`));
    expect(lines[4]).toMatch(new RegExp(`^Responder  thinking · pid ${pid} on ${host} · agent cmd:.* · heartbeat \\S+ ago · its agent has run for \\S+ \\(pid ${agentPid}\\)$`));

    // The Reviewer reads its peer's claim once a second: the heartbeat above can come before its next read.
    const joined = new RegExp(`the Responder \\(pid ${pid} on ${host}\\) joined: (taking its turn|its agent has run for)`);
    await waitFor(() => joined.test(reviewer.output().stderr), 'the Reviewer to see the Responder join');
    expect(reviewer.output().stderr).not.toContain('is gone');
  });
});
