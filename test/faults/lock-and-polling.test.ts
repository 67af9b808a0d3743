import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statePaths } from '../../src/session/state-paths.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli } from '../helpers/run-cli.js';

const repos = useDebateRepos();

describe('fault injection: locks and file events', () => {
  it.each(['write.lock', 'takeover.lock'])(
    'a stale %s whose pid now belongs to an unrelated live process is recognized and broken',
    async (name) => {
      const repo = await repos.repo();
      const paths = statePaths(path.join(repo.dir, '.git'), repo.dir, repo.file);
      await mkdir(paths.dir, { recursive: true });
      // A code-debate that died holding the lock; its pid was reused by a program that is not code-debate.
      const unrelated = spawn('sleep', ['300'], { stdio: 'ignore' });
      repos.onCleanup(async () => {
        unrelated.kill('SIGKILL');
      });
      await writeFile(path.join(paths.dir, name), JSON.stringify({ pid: unrelated.pid, host: os.hostname(), at: Date.now() }));
      const reviewer = await repo.script('reviewer', { review: sampleReview });
      const responder = await repo.script('responder', { response: '### R1. Debug output left in\n**Agreed**: `src/app.js:2` goes.\n' });
      const exit = await startCli(
        ['duo', '--reviewer-agent', scriptedAgent(reviewer.script, reviewer.log), '--responder-agent', scriptedAgent(responder.script, responder.log), 'HEAD'],
        { cwd: repo.dir },
      ).exited;
      expect(exit.code, exit.stderr).toBe(0);
      expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
      // The planted lock is gone, and the unrelated process was left alone.
      expect((await readdir(paths.dir)).filter((file) => file.endsWith('.lock'))).toEqual([]);
      expect(unrelated.exitCode).toBeNull();
    },
  );

  it('with no native file events at all (both sides polling), every turn is still seen and the debate ends', async () => {
    const repo = await repos.repo();
    const reviewer = await repo.script('reviewer', {
      review: sampleReview,
      'follow-up': '### R1. Debug output left in\n**Accepted**: the log is gone in the next commit.\n',
    });
    const responder = await repo.script('responder', { response: '### R1. Debug output left in\n**Partially agreed**: it goes, in the next commit.\n' });
    const exit = await startCli(
      ['duo', '--poll', '100', '--reviewer-agent', scriptedAgent(reviewer.script, reviewer.log), '--responder-agent', scriptedAgent(responder.script, responder.log), 'HEAD'],
      { cwd: repo.dir },
    ).exited;
    expect(exit.code, exit.stderr).toBe(0);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
  });
});
