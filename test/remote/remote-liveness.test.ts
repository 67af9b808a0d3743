import { describe, expect, it } from 'vitest';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
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
});
