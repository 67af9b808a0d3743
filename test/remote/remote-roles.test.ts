import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, isAlive, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { runGit } from '../helpers/git-repo.js';
import { makeRemoteClones } from '../helpers/remote-clones.js';
import { canRunOnOtherHost, startCliOnHost } from '../helpers/other-host.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { processState } from '../session/processes.js';

// Who holds a role of a debate on a remote, and what a side that lost its role may still do: nothing.
const repos = useDebateRepos();
const subject = 'the diff against main';

async function debateText(bare: string): Promise<string> {
  const ref = (await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate/')).split('\n').find((name) => name.endsWith('/debate')) ?? '';
  return runGit(bare, 'show', `${ref}:reply.md`);
}

describe('the roles of a debate on a git remote', () => {
  it.runIf(canRunOnOtherHost)(
    'a side stopped with its answer ready, whose role another machine took over, never writes it: the new holder writes the turn, the answer is kept',
    async () => {
      const repo = await repos.repo();
      const { bare, a, b, clone } = await makeRemoteClones(repo);
      const c = await clone('c');
      const agent = async (name: string, response: string) => {
        const script = await repo.script(name, { review: sampleReview, response });
        return scriptedAgent(script.script, script.log);
      };
      const args = ['--remote', 'origin', '--poll', '200', '--heartbeat', '1s'];
      const reviewer = startCli([...args, '--agent', await agent('reviewer', ''), subject], { cwd: a.dir, env: a.env });
      await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
      // The Responder stops itself with its section's commit made, just before pushing it (as a laptop lid closes).
      const stale = startCli([...args, '--agent', await agent('stale', '### R1. Debug output left in\n**Agreed**: from the stopped side.\n'), subject], {
        cwd: b.dir,
        env: { ...b.env, CODE_DEBATE_FAULT: 'remote-append=stop' },
      });
      const stalePid = stale.child.pid ?? 0;
      await waitFor(() => processState(stalePid) === 'T', 'the Responder stopped before its push');
      const successor = startCliOnHost(
        'other-machine',
        [...args, '--agent', await agent('successor', '### R1. Debug output left in\n**Agreed**: from the successor.\n'), subject],
        {
          cwd: c.dir,
          env: c.env,
        },
      );
      await waitWhileRunning(successor, () => successor.output().stderr.includes('took the role over'), 'the takeover');
      stale.child.kill('SIGCONT');
      const [first, second, old] = await Promise.all([reviewer.exited, successor.exited, stale.exited]);
      expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
      expect(second.stderr).not.toContain('did not write');
      const text = await debateText(bare);
      expectEndedWhole(`${text}\n`);
      expect(text).toContain('from the successor');
      expect(text).not.toContain('from the stopped side');
      expect(old.code, old.stderr).toBe(2);
      // It was stopped, not kept waiting by the remote.
      expect(old.stderr).not.toContain('waiting for the remote');
      expect(old.stderr).toMatch(
        /The responder role was taken over on the remote by pid \d+ on other-machine while this side was stopped or cut off: its ## Response 1 was not written/,
      );
      const saved = /the agent's answer is saved in (\S+)\./.exec(old.stderr)?.[1] ?? '';
      expect(await readFile(saved, 'utf8')).toContain('from the stopped side');
    },
  );

  it('stops the agent a killed side left running, when a side in another clone on the same machine takes its role over', async () => {
    const repo = await repos.repo();
    const { bare, a, b, clone } = await makeRemoteClones(repo);
    const c = await clone('c');
    const marker = `${repo.dir}-orphan`;
    const script = await repo.script('agent', { review: sampleReview, response: { hangOnce: marker, stdout: '### R1. Debug output left in\n**Agreed**: it goes.\n' } });
    const args = ['--remote', 'origin', '--poll', '200', '--heartbeat', '1s', '--agent', scriptedAgent(script.script, script.log), subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const doomed = startCli(args, { cwd: b.dir, env: b.env });
    const orphan = Number(await waitFor(() => (existsSync(marker) ? readFileSync(marker, 'utf8') : ''), "the Responder's agent"));
    repos.onCleanup(async () => {
      if (isAlive(orphan)) process.kill(orphan, 'SIGKILL');
    });
    // Killed once its claim names its agent, as a side killed mid-turn leaves it.
    await waitFor(async () => (await claimOnRemote(bare, 'responder')).includes('"agentPid"'), 'the claim naming the agent');
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    expect(isAlive(orphan)).toBe(true);
    const responder = startCli(args, { cwd: c.dir, env: c.env });
    await waitFor(() => !isAlive(orphan), 'the orphaned agent stopped');
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expect(second.stderr).toMatch(/took the role over from dead pid \d+/);
  });
});

/** The claim.json the remote holds for `role`, or '' when it holds none. */
async function claimOnRemote(bare: string, role: string): Promise<string> {
  const ref = (await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate/')).split('\n').find((name) => name.endsWith(`/claims/${role}`));
  return ref === undefined ? '' : runGit(bare, 'show', `${ref}:claim.json`);
}
