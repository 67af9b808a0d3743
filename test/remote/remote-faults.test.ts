import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, isAlive, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { runGit } from '../helpers/git-repo.js';
import { startGitDaemon } from '../helpers/git-daemon.js';
import { makeRemoteClones } from '../helpers/remote-clones.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// A debate on a remote when things go wrong: the network goes away, the remote refuses, someone rewrites the debate, a side dies.
const repos = useDebateRepos();
const subject = 'the diff against main';
const agreed = '### R1. Debug output left in\n**Agreed**: it goes.\n';

async function setup() {
  const repo = await repos.repo();
  const clones = await makeRemoteClones(repo);
  return { repo, ...clones };
}

describe('a debate on a git remote, when things go wrong', () => {
  it('over git daemon, rides out the daemon stopped mid-turn: the push is retried, nothing is lost, both go on when it returns', async () => {
    const { repo, bare, a, b } = await setup();
    const { daemon, cleanup } = await startGitDaemon(path.dirname(bare), { receivePack: true });
    repos.onCleanup(cleanup);
    const go = path.join(path.dirname(repo.dir), 'go');
    const script = await repo.script('agent', { review: sampleReview, response: { shell: `while [ ! -e '${go}' ]; do sleep 0.05; done`, stdout: agreed } });
    const args = ['--remote', daemon.url('remote.git'), '--poll', '200', '--agent', scriptedAgent(script.script, script.log), subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(args, { cwd: b.dir, env: b.env });
    await waitWhileRunning(responder, () => responder.output().stderr.includes('my turn'), "the Responder's turn");
    await daemon.stop();
    await writeFile(go, '');
    await waitWhileRunning(responder, () => responder.output().stderr.includes('Retrying to push the section with back-off'), 'the Responder retrying its push');
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('Polling it with back-off'), 'the Reviewer polling on');
    await daemon.start();
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expectEndedWhole(await a.readReply());
    expect(await b.readReply()).toBe(await a.readReply());
    expect(second.stderr).toMatch(/the remote `git:\/\/127\.0\.0\.1:\d+\/remote\.git` answers again, after/);
    expect((await a.readReply()).match(/^## Response 1$/gm)).toHaveLength(1);
  });

  it('stops with exit 2 when the remote refuses pushes, naming the permission it needs, and writes nothing', async () => {
    const { bare, a } = await setup();
    const { daemon, cleanup } = await startGitDaemon(path.dirname(bare), { receivePack: false });
    repos.onCleanup(cleanup);
    const exit = await startCli(['--remote', daemon.url('remote.git'), subject], { cwd: a.dir, env: a.env }).exited;
    expect(exit.code, exit.stderr).toBe(2);
    expect(exit.stderr).toContain(`The remote \`${daemon.url('remote.git')}\` refused to let this side claim the reviewer role`);
    expect(exit.stderr).toContain('needs permission to fetch and push refs under refs/code-debate/');
    expect(await runGit(bare, 'for-each-ref', 'refs/code-debate/')).toBe('');
    expect(existsSync(path.join(a.dir, 'reply.md'))).toBe(false);
  });

  it('sees the debate ref rewritten as a change of history: the text is saved, the push that restores it named, and it goes on once restored', async () => {
    const { bare, a, b } = await setup();
    const args = ['--remote', 'origin', '--poll', '200', subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('waiting for the Responder'), 'the Review');
    const ref = (await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate/')).split('\n').find((name) => name.endsWith('/debate')) ?? '';
    const written = await runGit(bare, 'rev-parse', ref);
    // Someone rewrites the Review on the remote.
    await b.git('fetch', '-q', 'origin', `${ref}:refs/tmp/debate`);
    const edited = path.join(b.dir, '..', 'rewritten.md');
    await writeFile(edited, `${(await b.git('show', 'refs/tmp/debate:reply.md')).replace('Debug output left in', 'Nothing to see')}\n`);
    const rewritten = await commitWithFile(b.dir, 'reply.md', await b.git('hash-object', '-w', edited));
    await b.git('push', '-q', '--force', 'origin', `${rewritten}:${ref}`);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('changed, and not by appending'), 'the change of history');
    expect(reviewer.output().stderr).toContain(`\`git push --force-with-lease=${ref}:${rewritten} origin ${written}:${ref}\` restores it`);
    await b.git('push', '-q', '--force', 'origin', `${written}:${ref}`);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('holds the debate as it was again'), 'the restored debate');
    const responder = startCli(args, { cwd: b.dir, env: b.env });
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expectEndedWhole(await a.readReply());
    expect(await a.readReply()).toContain('Debug output left in');
  });

  it('resumes from the remote when a side is killed (-9) and started again in another clone, the agent it left stopped even before its claim named it', async () => {
    const { repo, a, b, clone } = await setup();
    const marker = path.join(path.dirname(repo.dir), 'responder-hung');
    const script = await repo.script('agent', { review: sampleReview, response: { hangOnce: marker, stdout: agreed } });
    const args = ['--remote', 'origin', '--poll', '200', '--heartbeat', '1s', '--agent', scriptedAgent(script.script, script.log), subject];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const doomed = startCli(args, { cwd: b.dir, env: b.env });
    const orphan = Number(await waitFor(() => (existsSync(marker) ? readFileSync(marker, 'utf8') : ''), "the Responder's agent"));
    repos.onCleanup(async () => {
      if (isAlive(orphan)) process.kill(orphan, 'SIGKILL');
    });
    // At once: the claim on the remote may not name the agent yet.
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const c = await clone('c');
    const responder = startCli(args, { cwd: c.dir, env: c.env });
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    expect(second.stderr).toMatch(/I am the Responder .* took the role over from dead pid \d+/);
    expect(isAlive(orphan)).toBe(false);
    expectEndedWhole(await c.readReply());
    expect(await a.readReply()).toBe(await c.readReply());
  });

  it('takes over a claim from another machine once it misses three heartbeats, by its own clock', async () => {
    const { bare, a } = await setup();
    // A Reviewer claim of a host that stopped beating, whose clock says its last beat is still to come.
    const record = {
      role: 'reviewer',
      pid: 4242,
      host: 'gone-machine',
      startedAt: '2026-01-01T00:00:00.000Z',
      agent: 'builtin',
      heartbeatAt: '2099-01-01T00:00:00.000Z',
      heartbeatMs: 400,
    };
    await writeFile(path.join(a.dir, '..', 'claim.json'), JSON.stringify(record));
    const planted = await commitWithFile(a.dir, 'claim.json', await a.git('hash-object', '-w', path.join(a.dir, '..', 'claim.json')));
    await a.git('push', '-q', 'origin', `${planted}:refs/code-debate/planted/claims/reviewer`);
    const exit = await startCli(['--remote', 'origin', '--debate', 'planted', '--role', 'reviewer', '--turn-timeout', '1s', subject], { cwd: a.dir, env: a.env }).exited;
    expect(exit.stderr).toContain('waiting up to 2 s to see whether the Reviewer (pid 4242 on gone-machine) still runs');
    expect(exit.stderr).toMatch(/I am the Reviewer .* took the role over from pid 4242 on gone-machine, whose claim stopped beating/);
    expect(exit.code, exit.stderr).toBe(3);
    expect(await runGit(bare, 'show', 'refs/code-debate/planted/debate:reply.md')).toContain('## Review');
  });

  it('gives one Reviewer to two sides started at once in two clones, and refuses a third naming both', async () => {
    const { repo, a, b, clone } = await setup();
    const c = await clone('c');
    // The Responder's agent waits until the third side was refused: the debate must still run then.
    const go = path.join(path.dirname(repo.dir), 'go');
    const script = await repo.script('agent', { review: sampleReview, response: { shell: `while [ ! -e '${go}' ]; do sleep 0.05; done`, stdout: agreed } });
    const args = ['--remote', 'origin', '--poll', '200', '--agent', scriptedAgent(script.script, script.log), subject];
    const sides = [startCli(args, { cwd: a.dir, env: a.env }), startCli(args, { cwd: b.dir, env: b.env })];
    await waitFor(() => sides.every((side) => side.output().stderr.includes('I am the')), 'both claims');
    const third = await startCli(args, { cwd: c.dir, env: c.env }).exited;
    await writeFile(go, '');
    expect(third.code, third.stderr).toBe(2);
    expect(third.stderr).toMatch(/Both roles of this debate are taken: the Reviewer is pid \d+ of \S+ on .*; the Responder is pid \d+ of \S+ on /);
    // A side that holds no role mirrors nothing: a copy nobody keeps up to date would mislead whoever reads it.
    expect(existsSync(path.join(c.dir, 'reply.md'))).toBe(false);
    expect(await c.git('for-each-ref', 'refs/code-debate-remote/')).toBe('');
    const exits = await Promise.all(sides.map((side) => side.exited));
    expect(
      exits.map((exit) => exit.code),
      exits.map((exit) => exit.stderr).join(''),
    ).toEqual([0, 0]);
    const roles = exits.map((exit) => /I am the (Reviewer|Responder)/.exec(exit.stderr)?.[1]).sort();
    expect(roles).toEqual(['Responder', 'Reviewer']);
    expectEndedWhole(await a.readReply());
  });
});

/** A commit whose tree holds one file, `name`, with blob `blob`, made in `dir`. */
async function commitWithFile(dir: string, name: string, blob: string): Promise<string> {
  const { execa } = await import('execa');
  const tree = (await execa('git', ['mktree'], { cwd: dir, input: `100644 blob ${blob}\t${name}\n` })).stdout.trim();
  return (await execa('git', ['commit-tree', tree, '-m', 'planted'], { cwd: dir })).stdout.trim();
}
