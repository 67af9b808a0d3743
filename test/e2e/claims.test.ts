import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, type Running, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();

/** A repository and a reviewer agent that hangs in its Review, so the claims stay held. */
async function setup() {
  const repo = await repos.repo();
  const hang = await repo.script('hang', { review: { hang: true } });
  const running: Running[] = [];
  const stopAll = async () => {
    for (const process of running.splice(0)) {
      process.child.kill('SIGTERM');
      await process.exited;
    }
  };
  repos.onCleanup(stopAll);
  const launch = (args: string[] = []) => {
    const process = startCli(['--agent', scriptedAgent(hang.script, hang.log), ...args, 'the diff against main'], { cwd: repo.dir });
    running.push(process);
    return process;
  };
  return { repo, launch, stopAll };
}

const claimedRole = (process: Running) => /I am the (Reviewer|Responder)/.exec(process.output().stderr)?.[1];

describe('claiming a role', () => {
  it('50 processes started at once: exactly one Reviewer, one Responder, 48 refused naming both holders', async () => {
    const { launch } = await setup();
    const processes = Array.from({ length: 50 }, () => launch());
    const refused = await Promise.all(
      processes.map(async (process) => {
        const settled = await waitFor(() => claimedRole(process) ?? (process.output().stderr.includes('Both roles') ? 'refused' : undefined), 'a claim or a refusal', 45_000);
        return settled;
      }),
    );
    expect(refused.filter((role) => role === 'Reviewer')).toHaveLength(1);
    expect(refused.filter((role) => role === 'Responder')).toHaveLength(1);
    expect(refused.filter((role) => role === 'refused')).toHaveLength(48);
    const third = processes.find((process) => process.output().stderr.includes('Both roles'));
    const exit = await third?.exited;
    expect(exit?.code).toBe(2);
    expect(exit?.stderr).toMatch(
      /Both roles of this debate are taken: the Reviewer pid \d+ \(.{1,32}, since \d\d:\d\d\) and the Responder pid \d+ \(.{1,32}, since \d\d:\d\d\)\.\nWait for it to end/,
    );
  }, 240_000);

  it('two processes started in the same instant, twenty times: never two Reviewers', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const { launch, stopAll } = await setup();
      const pair = [launch(), launch()];
      const roles = await Promise.all(pair.map((process) => waitFor(() => claimedRole(process), 'a claim')));
      expect(roles.sort()).toEqual(['Responder', 'Reviewer']);
      await stopAll();
    }
  }, 240_000);

  it('a designated Responder started first waits for the file, then answers', async () => {
    const repo = await repos.repo();
    const agent = await repo.script('agree', {});
    const responder = startCli(['--role', 'responder', '--agent', scriptedAgent(agent.script, agent.log), 'the diff against main'], { cwd: repo.dir });
    await waitWhileRunning(responder, () => responder.output().stderr.includes("waiting for the Reviewer's turn"), 'the Responder to wait');
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'the diff against main'], { cwd: repo.dir });
    const [a, b] = await Promise.all([responder.exited, reviewer.exited]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(b.stderr).toContain('I am the Reviewer');
  });

  it('refuses a debate file outside the work tree, and names it', async () => {
    const repo = await repos.repo();
    const outside = startCli(['--file', '../elsewhere.md', 'the diff against main'], { cwd: repo.dir });
    const exit = await outside.exited;
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('Cannot use `../elsewhere.md` as the debate file');
    expect(exit.stderr).toContain('outside the work tree');
    await expect(readFile(path.join(repo.dir, '..', 'elsewhere.md'))).rejects.toThrow();
  });
});
