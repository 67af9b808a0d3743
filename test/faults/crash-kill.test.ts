import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { statePaths } from '../../src/session/state-paths.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { isAlive, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { scriptedAgent, startCli, type Running, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { gatedAgent } from './gated-agent.js';

const repos = useDebateRepos();
const agreed = '### R1. Debug output left in\n**Agreed**: it goes.\n';
const wholeDebate = ['## Review', '## Response 1', '## CONSENSUS'];

/**
 * A repository, an agent per side, and every process started in it stopped after the test. With
 * `hangOnce`, the Responder's agent hangs the first time (writing its pid to `marker`).
 */
async function setup(options: { hangOnce?: boolean } = {}) {
  const repo = await repos.repo();
  const marker = path.join(repo.dir, '..', 'response-hung-once');
  const reviewerAgent = await gatedAgent(repo);
  const responderScript = await repo.script('responder', { response: options.hangOnce ? { hangOnce: marker, stdout: agreed } : agreed });
  const running: Running[] = [];
  repos.onCleanup(async () => {
    for (const process of running.splice(0)) {
      process.child.kill('SIGKILL');
      await process.exited;
    }
  });
  const launch = (agent: string, extra: readonly string[], env: Record<string, string>) => {
    const process = startCli(['--agent', agent, ...extra, 'HEAD'], { cwd: repo.dir, env });
    running.push(process);
    return process;
  };
  const turnsAsked = async (log: string) => {
    const text = await readFile(log, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { env: Record<string, string> }).env.CODE_DEBATE_TURN);
  };
  return {
    repo,
    marker,
    lock: statePaths(path.join(repo.dir, '.git'), repo.dir, repo.file).writeLock,
    /** The Reviewer's agent: its CONSENSUS can be held back, so the debate is not over before a restart. */
    reviewerAgent,
    startReviewer: (extra: readonly string[] = [], env: Record<string, string> = {}) => launch(reviewerAgent.spec, extra, env),
    startResponder: (extra: readonly string[] = [], env: Record<string, string> = {}) => launch(scriptedAgent(responderScript.script, responderScript.log), extra, env),
    /** The turns each side's agent was asked for, in order. */
    reviewerAsked: () => reviewerAgent.calls(),
    responderAsked: () => turnsAsked(responderScript.log),
  };
}

const claimed = (process: Running, role: 'Reviewer' | 'Responder') =>
  waitWhileRunning(process, () => process.output().stderr.includes(`I am the ${role}`), `the ${role} to claim its role`);

/** The process died by SIGKILL, and left the write lock naming it behind. */
async function killedHoldingLock(process: Running, lock: string): Promise<void> {
  const exit = await process.exited;
  expect(exit.signal, exit.stderr).toBe('SIGKILL');
  expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.child.pid });
}

/** Both sides finished with code 0, and the file holds the whole debate, each section once, valid; no lock is left. */
async function finishedOnce(repo: DebateRepo, lock: string, ...processes: Running[]): Promise<void> {
  const exits = await Promise.all(processes.map((process) => process.exited));
  expect(
    exits.map((exit) => exit.code),
    exits.map((exit) => exit.stderr).join('\n'),
  ).toEqual(processes.map(() => 0));
  const text = await repo.readReply();
  expect(parseDocument(text).ok).toBe(true);
  expect(headingsOf(text)).toEqual(wholeDebate);
  expect(text).toContain('**Outcome:** consensus');
  await expect(readFile(lock, 'utf8')).rejects.toThrow(/ENOENT/);
}

const tookOver = /took the role over from dead pid \d+/;

describe('kill -9 at the worst moments (case 2)', () => {
  it('the Responder killed holding the write lock, before its rename: restarted, it writes Response 1 once, past the dead lock', async () => {
    const { repo, lock, startReviewer, startResponder, reviewerAsked, responderAsked } = await setup();
    const reviewer = startReviewer();
    await claimed(reviewer, 'Reviewer');
    await killedHoldingLock(startResponder([], { CODE_DEBATE_FAULT: 'write-lock-held=kill' }), lock);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review']);

    const restarted = startResponder();
    await finishedOnce(repo, lock, reviewer, restarted);
    expect(restarted.output().stderr).toMatch(tookOver);
    // The killed process's answer was lost with it: the agent was asked again, and its section written once.
    expect(await responderAsked()).toEqual(['response', 'response']);
    expect(await reviewerAsked()).toEqual(['review', 'consensus']);
  });

  it('the Responder killed right after its rename, before releasing the lock or anything else: restarted, it writes nothing twice', async () => {
    const { repo, lock, reviewerAgent, startReviewer, startResponder, reviewerAsked, responderAsked } = await setup();
    await reviewerAgent.hold('consensus');
    const reviewer = startReviewer();
    await claimed(reviewer, 'Reviewer');
    await killedHoldingLock(startResponder([], { CODE_DEBATE_FAULT: 'write-lock-releasing=kill' }), lock);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1']);
    // The Reviewer read Response 1 at once, past the dead lock: its agent is writing the CONSENSUS.
    await reviewerAgent.started('consensus');

    const restarted = startResponder();
    await waitWhileRunning(restarted, () => restarted.output().stderr.includes("waiting for the Reviewer's turn"), 'the restarted Responder to wait for the Reviewer');
    await reviewerAgent.release('consensus');
    await finishedOnce(repo, lock, reviewer, restarted);
    expect(restarted.output().stderr).toMatch(tookOver);
    expect(restarted.output().stderr).not.toContain('my turn');
    expect(await responderAsked()).toEqual(['response']);
    expect(await reviewerAsked()).toEqual(['review', 'consensus']);
  });

  it('the Reviewer killed holding the write lock, creating the file: restarted, it writes the Review once', async () => {
    const { repo, lock, startReviewer, startResponder, reviewerAsked } = await setup();
    await killedHoldingLock(startReviewer([], { CODE_DEBATE_FAULT: 'write-lock-held=kill' }), lock);
    await expect(repo.readReply()).rejects.toThrow(/ENOENT/);
    const responder = startResponder(['--role', 'responder']);
    await claimed(responder, 'Responder');

    const restarted = startReviewer();
    await finishedOnce(repo, lock, responder, restarted);
    expect(restarted.output().stderr).toMatch(tookOver);
    expect(await reviewerAsked()).toEqual(['review', 'review', 'consensus']);
  });

  it('the Reviewer killed right after creating the file, before releasing the lock: the Responder answers past the dead lock; restarted, the Reviewer goes on', async () => {
    const { repo, lock, startReviewer, startResponder, reviewerAsked, responderAsked } = await setup();
    await killedHoldingLock(startReviewer([], { CODE_DEBATE_FAULT: 'write-lock-releasing=kill' }), lock);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review']);
    const responder = startResponder(['--role', 'responder']);
    await waitFor(async () => headingsOf(await repo.readReply()).length === 2, 'the Responder to write Response 1 past the dead lock');

    const restarted = startReviewer();
    await finishedOnce(repo, lock, responder, restarted);
    expect(restarted.output().stderr).toMatch(tookOver);
    expect(await reviewerAsked()).toEqual(['review', 'consensus']);
    expect(await responderAsked()).toEqual(['response']);
  });

  it('the Responder killed while its agent runs: restarted, it stops the orphaned agent and answers once; the Reviewer carries on', async () => {
    const { repo, marker, lock, startReviewer, startResponder, responderAsked } = await setup({ hangOnce: true });
    const reviewer = startReviewer();
    await claimed(reviewer, 'Reviewer');
    const responder = startResponder();
    const orphan = Number(await waitFor(() => readFile(marker, 'utf8').catch(() => ''), "the Responder's agent to start and hang"));
    responder.child.kill('SIGKILL');
    expect((await responder.exited).signal).toBe('SIGKILL');
    expect(isAlive(orphan)).toBe(true);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review']);

    const restarted = startResponder();
    await finishedOnce(repo, lock, reviewer, restarted);
    expect(restarted.output().stderr).toMatch(tookOver);
    expect(isAlive(orphan)).toBe(false);
    expect(await responderAsked()).toEqual(['response', 'response']);
  });
});
