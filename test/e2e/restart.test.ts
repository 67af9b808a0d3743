import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { isAlive, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();

const review = sampleReview;

describe('a process killed with SIGKILL while its agent runs', () => {
  it('restarted, it takes its role back, stops the orphaned agent, and the debate completes with no section lost or repeated', async () => {
    const repo = await repos.repo();
    const marker = path.join(repo.dir, '..', `${path.basename(repo.dir)}-hung-once`);
    const reviewerScript = await repo.script('reviewer', {
      review,
      'follow-up': { hangOnce: marker, stdout: '### R1. Debug output left in\n**Maintained**: still there.\n' },
      consensus: 'Agreed in round 2.\n',
    });
    const responderScript = await repo.script('responder', {
      response: ['### R1. Debug output left in\n**Disagreed**: it is intended.\n', '### R1. Debug output left in\n**Agreed**: a fair point.\n'],
    });
    const reviewerAgent = scriptedAgent(reviewerScript.script, reviewerScript.log);
    const reviewer = startCli(['--agent', reviewerAgent, 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', scriptedAgent(responderScript.script, responderScript.log), 'HEAD'], { cwd: repo.dir });

    const orphan = Number(await waitFor(() => readFile(marker, 'utf8').catch(() => ''), 'the follow-up agent to start and hang'));
    reviewer.child.kill('SIGKILL');
    expect((await reviewer.exited).signal).toBe('SIGKILL');
    expect(isAlive(orphan)).toBe(true);

    const restarted = startCli(['--agent', reviewerAgent, 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([restarted.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(a.stderr).toMatch(/I am the Reviewer .* took the role over from dead pid \d+/);
    expect(isAlive(orphan)).toBe(false);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
  });
});
