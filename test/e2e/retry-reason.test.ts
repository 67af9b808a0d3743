import { describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli } from '../helpers/run-cli.js';

// A retry that runs out of --agent-timeout must not hide why the first try failed.
const repos = useDebateRepos();

describe('a failed try, retried until the deadline', () => {
  it('says the retry timed out and what made the first try fail', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', {
      review: { attempts: [{ stderr: "ERROR: We're currently experiencing high demand, which may cause temporary errors.\n", exit: 1 }, { hang: true }] },
    });
    const reviewer = await startCli(['--agent', scriptedAgent(script.script, script.log), '--agent-timeout', '4s', 'HEAD'], { cwd: repo.dir }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(4);
    expect(reviewer.stderr).toContain('did not finish within 4 seconds (--agent-timeout), so it was stopped.');
    expect(reviewer.stderr).toContain('It was a retry: the first try failed too. Agent `cmd:');
    expect(reviewer.stderr).toContain('failed to write review 1: it exited with code 1.');
  });
});
