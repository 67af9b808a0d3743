import { readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { statePaths } from '../../src/session/state-paths.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { startCli, type Exit, type Running, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { processState } from '../session/processes.js';
import { gatedAgent, type GatedAgent } from './gated-agent.js';

const repos = useDebateRepos();
const host = os.hostname();

/** Past the heartbeat's stale threshold (3 missed beats of 5 s, checked every second), with room to say so first. */
const turnTimeout = '22s';

/** The processes a test starts, continued and killed after it, whatever state it left them in. */
function stoppedOnCleanup(): Running[] {
  const running: Running[] = [];
  repos.onCleanup(async () => {
    for (const process of running.splice(0)) {
      process.child.kill('SIGCONT');
      process.child.kill('SIGKILL');
      await process.exited;
    }
  });
  return running;
}

/** The Reviewer gave up on the stopped Responder: exit 3, and the CONSENSUS it wrote for a peer that timed out, returned. */
async function timedOutConsensus(reviewer: Running, repo: DebateRepo): Promise<string> {
  const exit = await reviewer.exited;
  expect(exit.code, exit.stderr).toBe(3);
  const consensus = await repo.readReply();
  expect(headingsOf(consensus)).toEqual(['## Review', '## CONSENSUS']);
  expect(consensus).toContain('**Outcome:** peer timed out');
  return consensus;
}

/** Continued, the Responder writes nothing over `consensus` and ends with code 0; its exit is returned. */
async function continuedWithoutWriting(responder: Running, repo: DebateRepo, consensus: string, agent: GatedAgent): Promise<Exit> {
  responder.child.kill('SIGCONT');
  const exit = await responder.exited;
  expect(exit.stderr).toContain('did not write ## Response 1: the file changed while the agent was writing and the turn no longer stands');
  expect(exit.code, exit.stderr).toBe(0);
  const final = await repo.readReply();
  expect(final).toBe(consensus);
  expect(parseDocument(final).ok).toBe(true);
  expect(await agent.calls()).toEqual(['review', 'response']);
  return exit;
}

describe('a process stopped with SIGSTOP, then continued (case 3)', () => {
  it('the Responder stopped while its agent runs, past the stale threshold and the turn timeout: continued, it does not write over the CONSENSUS', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    const running = stoppedOnCleanup();
    // Both sides up before the Review: the turn timeout then starts as the Responder's agent does.
    await agent.hold('review');
    await agent.hold('response');
    const reviewer = startCli(['--agent', agent.spec, '--turn-timeout', turnTimeout, 'HEAD'], { cwd: repo.dir });
    running.push(reviewer);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent.spec, 'HEAD'], { cwd: repo.dir });
    running.push(responder);
    await waitWhileRunning(responder, () => responder.output().stderr.includes('I am the Responder'), 'the Responder');
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
    const consensus = await timedOutConsensus(reviewer, repo);

    // The agent's answer is waiting in the pipe the moment the Responder runs again: its write comes first thing.
    await agent.release('response');
    const responderExit = await continuedWithoutWriting(responder, repo, consensus, agent);
    expect(responderExit.stderr).toContain('The debate ended with CONSENSUS and 1 point still disputed (R1).');
  }, 60_000);

  it('the Responder stopped while it holds the write lock, its section about to be written: the lock is broken once stale, and continued, it does not write over the CONSENSUS', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    const running = stoppedOnCleanup();
    const lock = statePaths(path.join(repo.dir, '.git'), repo.dir, repo.file).writeLock;
    await agent.hold('review');
    // Shorter than the lock's stale age, which sets when the CONSENSUS comes; long enough for the Responder to stop first on a loaded machine.
    const reviewer = startCli(['--agent', agent.spec, '--turn-timeout', '20s', 'HEAD'], { cwd: repo.dir });
    running.push(reviewer);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    // The fault point stops the Responder (SIGSTOP) with the lock taken and its agent's section in hand, before it reads the file again.
    const responder = startCli(['--agent', agent.spec, 'HEAD'], { cwd: repo.dir, env: { CODE_DEBATE_FAULT: 'write-lock-held=stop' } });
    running.push(responder);
    await waitWhileRunning(responder, () => responder.output().stderr.includes('I am the Responder'), 'the Responder');
    await agent.release('review');
    const pid = responder.child.pid ?? -1;
    await waitFor(() => processState(pid) === 'T', 'the Responder to stop holding the write lock');
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid });
    expect(headingsOf(await repo.readReply())).toEqual(['## Review']);

    // The Reviewer's turn timeout passes; the lock of a live holder is waited for until it is 30 s old, then broken.
    await waitFor(async () => headingsOf(await repo.readReply()).includes('## CONSENSUS'), 'the Reviewer to break the stale lock and write the CONSENSUS', 45_000);
    expect(processState(pid)).toBe('T');
    await continuedWithoutWriting(responder, repo, await timedOutConsensus(reviewer, repo), agent);
    // The Responder released no lock it no longer held, and none is left.
    expect((await readdir(path.dirname(lock))).filter((name) => name.endsWith('.lock'))).toEqual([]);
  }, 80_000);
});
