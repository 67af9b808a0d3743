import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBin } from '../agents/presets/use-fake-clis.js';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { runGit } from '../helpers/git-repo.js';
import { makeRemoteClones } from '../helpers/remote-clones.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

// Whether the peer is alive, judged on a remote: from reads of its claim, never faster than they come.
const repos = useDebateRepos();
const subject = 'the diff against main';

describe('the peer of a debate on a git remote', () => {
  it('is never said gone while it beats every second and its agent thinks for longer than three beats', async () => {
    const repo = await repos.repo();
    const { a, b } = await makeRemoteClones(repo);
    const script = await repo.script('agent', { review: sampleReview, response: { shell: 'sleep 8', stdout: '### R1. Debug output left in\n**Agreed**: it goes.\n' } });
    const args = ['--remote', 'origin', '--heartbeat', '1s', '--json', '--agent', scriptedAgent(script.script, script.log), subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(args, { cwd: b.dir, env: b.env });
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expectEndedWhole(await a.readReply());
    const states = first.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; state?: string })
      .filter((event) => event.type === 'peer-state')
      .map((event) => event.state);
    expect(states).not.toContain('gone');
    expect(first.stderr).not.toContain('is gone');
  });

  it("carries its agent's progress in its claim, with its heartbeats, for the other machine to read", async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const gate = path.join(await mkdtemp(path.join(os.tmpdir(), 'code-debate-remote-progress-')), 'gate');
    repos.onCleanup(() => writeFile(gate, ''));
    // The fake Claude Code calls a tool and finishes a model call of 42 tokens, then waits for the gate.
    const claude = { PATH: `${fakeBin}${path.delimiter}${process.env.PATH ?? ''}`, FAKE_CLI_MODE: 'working', FAKE_CLI_GATE: gate, FAKE_CLI_ANSWER_REVIEW: sampleReview };
    const reviewer = startCli(['--remote', 'origin', '--heartbeat', '1s', '--agent', 'claude', subject], { cwd: a.dir, env: { ...a.env, ...claude } });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const agree = await repo.script('agree', {});
    const responder = startCli(['--remote', 'origin', '--agent', scriptedAgent(agree.script, agree.log), subject], { cwd: b.dir, env: b.env });
    const progress = await waitWhileRunning(
      reviewer,
      async () => {
        const refs = await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate/');
        const ref = refs.split('\n').find((name) => name.endsWith('/claims/reviewer'));
        if (ref === undefined) return null;
        const claim = JSON.parse(await runGit(bare, 'show', `${ref}:claim.json`)) as { agentProgress?: { steps: number | null; tokens: number | null } };
        return claim.agentProgress?.tokens === 42 ? claim.agentProgress : null;
      },
      "the Reviewer's claim on the remote to carry its agent's progress",
    );
    expect(progress).toMatchObject({ steps: 1, tokens: 42, tokensPerSecond: null });
    await writeFile(gate, '');
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expectEndedWhole(await a.readReply());
  });
});
