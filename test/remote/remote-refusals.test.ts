import { existsSync } from 'node:fs';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { startGitDaemon } from '../helpers/git-daemon.js';
import { makeRemoteClones } from '../helpers/remote-clones.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// What a side does when the remote refuses a push: wait out a refusal that may pass, stop on one that names a permission; never lose a paid answer.
const repos = useDebateRepos();
const subject = 'the diff against main';
const agreed = '### R1. Debug output left in\n**Agreed**: it goes.\n';

/** A pre-receive hook on `bare` that refuses, with `message`, every push that touches a ref matching `refs` while `marker` exists. */
async function refuseWhile(bare: string, marker: string, message: string, refs = '.'): Promise<void> {
  const hook = path.join(bare, 'hooks', 'pre-receive');
  await writeFile(hook, `#!/bin/sh\nif [ -e '${marker}' ] && grep -q '${refs}'; then echo '${message}' >&2; exit 1; fi\nexit 0\n`);
  await chmod(hook, 0o755);
}

describe('a debate on a git remote whose pushes are refused', () => {
  it('over git daemon, waits out a hook that refuses pushes for a while: the answer is kept, pushed once the hook lets it through, and the agent is not asked again', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const { daemon, cleanup } = await startGitDaemon(path.dirname(bare), { receivePack: true });
    repos.onCleanup(cleanup);
    const closed = path.join(path.dirname(repo.dir), 'maintenance');
    await refuseWhile(bare, closed, 'the repository is under maintenance: try again in a minute');
    // The Responder's agent closes the remote as it starts: its answer meets the refusal.
    const script = await repo.script('agent', { review: sampleReview, response: { shell: `touch '${closed}'`, stdout: agreed } });
    const args = ['--remote', daemon.url('remote.git'), '--poll', '200', '--agent', scriptedAgent(script.script, script.log), subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(args, { cwd: b.dir, env: b.env });
    await waitFor(() => responder.output().stderr.includes('Retrying to push the section with back-off'), 'the Responder waiting out the refusal', 30_000);
    expect(responder.output().stderr).toContain('the repository is under maintenance: try again in a minute');
    await rm(closed);
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expectEndedWhole(await b.readReply());
    const calls = (await readFile(script.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { env: Record<string, string> });
    expect(calls.filter((call) => call.env.CODE_DEBATE_TURN === 'response')).toHaveLength(1);
  });

  it('stops with exit 2 on a refusal that names a permission, once the answer is written, and keeps the answer where the message says', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const closed = path.join(path.dirname(repo.dir), 'protected');
    await refuseWhile(bare, closed, 'You are not allowed to push to this ref', '/debate$');
    const script = await repo.script('agent', { review: sampleReview, response: { shell: `touch '${closed}'`, stdout: agreed } });
    const args = ['--remote', 'origin', '--poll', '200', '--turn-timeout', '20s', '--agent', scriptedAgent(script.script, script.log), subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const exit = await startCli(args, { cwd: b.dir, env: b.env }).exited;
    reviewer.child.kill('SIGINT');
    await reviewer.exited;
    expect(exit.code, exit.stderr).toBe(2);
    expect(exit.stderr).toContain('refused to let this side push the section');
    expect(exit.stderr).toContain('You are not allowed to push to this ref');
    const saved = /The agent's answer is saved in (\S+)\./.exec(exit.stderr)?.[1] ?? '';
    expect(existsSync(saved), exit.stderr).toBe(true);
    expect(await readFile(saved, 'utf8')).toMatch(/^---\n\n## Response 1\n\n### R1 — Agreed[\s\S]*it goes\./);
  });
});
