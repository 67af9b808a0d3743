import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { startGitDaemon } from '../helpers/git-daemon.js';
import { makeRemoteClones } from '../helpers/remote-clones.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { startTcpGate } from '../helpers/tcp-gate.js';
import { waitFor } from '../helpers/wait-for.js';

// A remote that hangs, without refusing anything: the time it takes is said as its own, never as the agent's.
const repos = useDebateRepos();
const subject = 'the diff against main';

interface JsonEvent {
  type: string;
  heading?: string;
  ms?: number;
  remoteMs?: number;
  message?: string;
}

const eventsOf = (stdout: string): JsonEvent[] =>
  stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as JsonEvent);

describe('a debate on a git remote that hangs', () => {
  it('over git daemon, says it waits for the remote once that passes a few seconds, and counts that time apart from the agent’s', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const { daemon, cleanup } = await startGitDaemon(path.dirname(bare), { receivePack: true });
    repos.onCleanup(cleanup);
    const gate = await startTcpGate(Number(new URL(daemon.url('remote.git')).port));
    repos.onCleanup(() => gate.close());
    const url = `git://127.0.0.1:${gate.port}/remote.git`;
    const started = path.join(path.dirname(repo.dir), 'agent-started');
    // The Responder's agent takes two seconds; the remote hangs from its start.
    const script = await repo.script('agent', {
      review: sampleReview,
      response: { shell: `touch '${started}'; sleep 2`, stdout: '### R1. Debug output left in\n**Agreed**: it goes.\n' },
    });
    const args = ['--remote', url, '--poll', '200', '--json', '--agent', scriptedAgent(script.script, script.log), subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(args, { cwd: b.dir, env: b.env });
    repos.onCleanup(async () => {
      for (const side of [reviewer, responder]) side.child.kill('SIGKILL');
      await Promise.all([reviewer.exited, responder.exited]);
    });
    await waitFor(() => existsSync(started), "the Responder's agent");
    gate.hold();
    await waitFor(() => /waiting for the remote .* to take ## Response 1/.test(responder.output().stderr), 'the Responder saying it waits for the remote', 30_000);
    gate.release();
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expectEndedWhole(await b.readReply());
    const events = eventsOf(second.stdout);
    const finished = events.find((event) => event.type === 'agent-finished' && event.heading === 'Response 1');
    // The agent's two seconds, not the remote's stall.
    expect(finished?.ms ?? Infinity).toBeLessThan(4_500);
    const written = events.find((event) => event.type === 'turn-written' && event.heading === 'Response 1');
    expect(written?.remoteMs ?? 0).toBeGreaterThanOrEqual(3_000);
    expect(second.stderr).toMatch(/wrote ## Response 1 in [\d.]+s: cmd:node took [\d.]+s \(usage not reported\), the remote [\d.]+s to take it; \d+ bytes/);
  });
});
