import { describe, expect, it } from 'vitest';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { runGit } from '../helpers/git-repo.js';
import { makeRemoteClones } from '../helpers/remote-clones.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// What the two sides of a debate on a remote say, and what they leave behind, when nothing goes wrong.
const repos = useDebateRepos();
const subject = 'the diff against main';
const agreed = '### R1. Debug output left in\n**Agreed**: it goes.\n';

describe('a debate on a git remote that ends normally', () => {
  it('says nothing of a gone or departed peer when the other side ends first, on the same host', async () => {
    const repo = await repos.repo();
    const { a, b } = await makeRemoteClones(repo);
    // A CONSENSUS narrative that takes a few seconds: the Responder's polling has backed off by the time the Reviewer ends.
    const script = await repo.script('agent', { review: sampleReview, response: agreed, consensus: { shell: 'sleep 3', stdout: 'Both agree.\n' } });
    const args = ['--remote', 'origin', '--poll', '200', '--agent', scriptedAgent(script.script, script.log), subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(args, { cwd: b.dir, env: b.env });
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expectEndedWhole(await b.readReply());
    expect(second.stderr).not.toMatch(/is gone|left: nobody holds its role/);
    // Each clone keeps its copy of the debate (the mirror's history), none of the claims that went with their holders.
    for (const clone of [a, b]) expect(await clone.git('for-each-ref', '--format=%(refname)', 'refs/code-debate-remote/')).toMatch(/^refs\/code-debate-remote\/[^/]+\/debate$/);
  });

  it('adds one object to the remote per heartbeat, however long it waits', async () => {
    const repo = await repos.repo();
    const { bare, a } = await makeRemoteClones(repo);
    const reviewer = startCli(['--remote', 'origin', '--heartbeat', '1s', subject], { cwd: a.dir, env: a.env });
    repos.onCleanup(async () => {
      reviewer.child.kill('SIGINT');
      await reviewer.exited;
    });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('waiting for the Responder'), 'the Review');
    const claim = async () => runGit(bare, 'for-each-ref', '--format=%(objectname)', 'refs/code-debate/*/claims/reviewer');
    const loose = async () => Number(/^count: (\d+)$/m.exec(await runGit(bare, 'count-objects', '-v'))?.[1]);
    const before = await loose();
    const from = await claim();
    const beats = await waitFor(async () => {
      const count = Number(await runGit(bare, 'rev-list', '--count', `${from}..${await claim()}`));
      return count >= 4 ? count : 0;
    }, 'four heartbeats');
    const added = (await loose()) - before;
    // A beat or two may land between the two reads: never three objects a beat.
    expect(added).toBeGreaterThanOrEqual(beats);
    expect(added).toBeLessThanOrEqual(beats + 2);
  });
});
