import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { startCli, type Running } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { gatedAgent } from './gated-agent.js';

const repos = useDebateRepos();
const host = os.hostname();

/** Past the heartbeat's stale threshold (3 missed beats of 5 s, checked every second), with room to say so first. */
const turnTimeout = '22s';

describe('a process stopped with SIGSTOP, then continued (case 3)', () => {
  it('the Responder stopped while its agent runs, past the stale threshold and the turn timeout: continued, it does not write over the CONSENSUS', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    const running: Running[] = [];
    repos.onCleanup(async () => {
      for (const process of running.splice(0)) {
        process.child.kill('SIGCONT');
        process.child.kill('SIGKILL');
        await process.exited;
      }
    });
    // Both sides up before the Review: the turn timeout then starts as the Responder's agent does.
    await agent.hold('review');
    await agent.hold('response');
    const reviewer = startCli(['--agent', agent.spec, '--turn-timeout', turnTimeout, 'HEAD'], { cwd: repo.dir });
    running.push(reviewer);
    await waitFor(() => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent.spec, 'HEAD'], { cwd: repo.dir });
    running.push(responder);
    await waitFor(() => responder.output().stderr.includes('I am the Responder'), 'the Responder');
    await agent.release('review');
    await agent.started('response');
    responder.child.kill('SIGSTOP');

    const pid = responder.child.pid;
    await waitFor(
      () => reviewer.output().stderr.includes(`the Responder (pid ${pid} on ${host}) is gone: no heartbeat for`),
      'the Reviewer to count the stopped Responder gone',
      30_000,
    );
    expect(reviewer.output().stderr).toContain(`though pid ${pid} still exists: stopped (Ctrl-Z) or stuck`);
    const reviewerExit = await reviewer.exited;
    expect(reviewerExit.code, reviewerExit.stderr).toBe(3);
    const consensus = await repo.readReply();
    expect(headingsOf(consensus)).toEqual(['## Review', '## CONSENSUS']);
    expect(consensus).toContain('**Outcome:** peer timed out');

    // The agent's answer is waiting in the pipe the moment the Responder runs again: its write comes first thing.
    await agent.release('response');
    responder.child.kill('SIGCONT');
    const responderExit = await responder.exited;
    expect(responderExit.stderr).toContain('did not write ## Response 1: the file changed while the agent was writing and the turn no longer stands');
    expect(responderExit.stderr).toContain('The debate ended with CONSENSUS and 1 point still disputed (R1).');
    expect(responderExit.code, responderExit.stderr).toBe(0);
    const final = await repo.readReply();
    expect(final).toBe(consensus);
    expect(parseDocument(final).ok).toBe(true);
    expect(await agent.calls()).toEqual(['review', 'response']);
  }, 60_000);
});
