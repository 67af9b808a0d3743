import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statePaths } from '../../src/session/state-paths.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

// Ctrl-C at a terminal reaches the whole foreground job: `duo` and, unless they lead groups of
// their own, both sides. Each side must stop as it would in a terminal of its own.
const repos = useDebateRepos();

describe('duo interrupted', () => {
  it('Ctrl-C (SIGINT to its process group): exit 130, both sides release their claims and say that nothing was written', async () => {
    const repo = await repos.repo();
    const reviewer = await repo.script('reviewer', { review: sampleReview });
    const responder = await repo.script('responder', { response: { hang: true } });
    const duo = startCli(['duo', '--reviewer-agent', scriptedAgent(reviewer.script, reviewer.log), '--responder-agent', scriptedAgent(responder.script, responder.log), 'HEAD'], {
      cwd: repo.dir,
      detached: true,
    });
    await waitWhileRunning(duo, () => duo.output().stderr.includes('is writing ## Response 1'), 'the Responder at work on its turn');
    process.kill(-(duo.child.pid ?? 0), 'SIGINT');
    const exit = await duo.exited;
    expect(exit.code, exit.stderr).toBe(130);
    // The Responder was writing its turn, the Reviewer waiting: each says what it left.
    expect(exit.stderr).toContain('Interrupted while the agent was writing `## Response 1`; nothing was written.');
    expect(exit.stderr).toContain('Interrupted while waiting; nothing was written.');
    const state = statePaths(path.join(repo.dir, '.git'), repo.dir, repo.file).dir;
    expect((await readdir(state)).filter((name) => /^(?:reviewer|responder)\.json$|\.lock$|\.tmp$/.test(name))).toEqual([]);
    expect(await repo.readReply()).not.toContain('## Response 1');
  });
});
