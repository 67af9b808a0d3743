import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { runGit } from '../helpers/git-repo.js';
import { makeRemoteClones } from '../helpers/remote-clones.js';
import { binPath, start, startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// Interactive sessions (`turn`/`submit`) each in its own clone of one bare remote: the debate lives on the remote, as for driven sides.
const repos = useDebateRepos();
const sessionShell = fileURLToPath(new URL('../fixtures/peers/session-shell.sh', import.meta.url));
const remoteArgs = '--remote origin --heartbeat 2s';
const twoRounds = ['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS'];

describe('interactive sessions through --remote', () => {
  it('two sessions in two clones debate to CONSENSUS, their claims kept between calls and gone at the end', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const logA = `${a.dir}-session.log`;
    const logB = `${b.dir}-session.log`;
    const reviewer = start('bash', [sessionShell, binPath, logA, 'the diff against main'], { cwd: a.dir, env: { ...a.env, SESSION_ARGS: remoteArgs, SESSION_INVALID_FIRST: '1' } });
    await waitFor(() => readFile(logA, 'utf8').catch(() => ''), "the Reviewer session's first turn");
    const responder = start('bash', [sessionShell, binPath, logB, 'the diff against main'], { cwd: b.dir, env: { ...b.env, SESSION_ARGS: remoteArgs } });
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    const text = await a.readReply();
    // The Responder session disagrees in round 1 and agrees after the Follow-up.
    expectEndedWhole(text, 'consensus', twoRounds);
    expect(await b.readReply()).toBe(text);
    const steps = await readFile(logA, 'utf8');
    // The invalid answer was refused with nothing pushed; the fixed one went in through the same push a driven side makes.
    expect(steps).toContain('submit 13');
    expect(steps).toContain('submit 0 Review');
    expect(await readFile(logB, 'utf8')).toContain('submit 0 Response 1');
    const refs = (await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate/')).split('\n');
    const debateRef = refs.find((ref) => ref.endsWith('/debate')) ?? '';
    // Each section a commit of its side on the debate ref; the sessions' claims let go at the end.
    expect(refs).toEqual([debateRef]);
    const log = (await runGit(bare, 'log', '--format=%s', debateRef)).split('\n');
    expect(log[0]).toBe('code-debate: ## CONSENSUS (reviewer)');
    expect(log.at(-1)).toBe('code-debate: ## Review (reviewer)');
  }, 240_000);

  it('a session in one clone against a driven builtin side in another', async () => {
    const repo = await repos.repo();
    const { a, b } = await makeRemoteClones(repo);
    const log = `${b.dir}-session.log`;
    const builtin = startCli(['--agent', 'builtin', '--remote', 'origin', '--poll', '200', '--heartbeat', '2s', 'the diff against main'], { cwd: a.dir, env: a.env });
    await waitFor(() => (builtin.output().stderr.includes('I am the Reviewer') ? true : null), 'the builtin Reviewer');
    const session = start('bash', [sessionShell, binPath, log, 'the diff against main'], { cwd: b.dir, env: { ...b.env, SESSION_ARGS: remoteArgs } });
    const ours = await session.exited;
    if (ours.code !== 0) builtin.child.kill();
    const theirs = await builtin.exited;
    expect(ours.code, ours.stderr).toBe(0);
    expect([0, 1], theirs.stderr).toContain(theirs.code);
    expect(ours.stdout).toContain('The debate ended.');
    const text = await b.readReply();
    // The session disagrees in round 1 and agrees after the Follow-up.
    expectEndedWhole(text, 'consensus', twoRounds);
    expect(await a.readReply()).toBe(text);
    expect(await readFile(log, 'utf8')).toContain('submit 0 Response 1');
  });

  it('a session that stops calling loses its role after --session-timeout: a driven side in another clone takes it over', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const joined = await startCli(['turn', '--remote', 'origin', '--session-timeout', '3s', 'the diff against main'], { cwd: a.dir, env: a.env }).exited;
    expect(joined.code, joined.stdout + joined.stderr).toBe(10);
    expect(joined.stdout).toContain('You are the Reviewer');
    // Its claim stays on the remote between calls, saying the session is writing its turn.
    const claimRef = (await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate/')).split('\n').find((ref) => ref.endsWith('/claims/reviewer'));
    const held = JSON.parse(await runGit(bare, 'show', `${claimRef}:claim.json`)) as { session?: { state: string } };
    expect(held.session?.state).toBe('writing');
    // The session never calls again; the builtin side asks for its role and waits out the lease on its own clock.
    const builtin = startCli(['--agent', 'builtin', '--role', 'reviewer', '--remote', 'origin', '--poll', '200', 'the diff against main'], { cwd: b.dir, env: b.env });
    await waitFor(() => (builtin.output().stderr.includes('took the role over') ? true : null), 'the builtin side to take the role over', 60_000);
    expect(builtin.output().stderr).toMatch(
      /waiting up to 3 s to see whether the Reviewer \(interactive session [0-9a-f]+, last called from \S+\) still runs: .*, and an interactive session's once it makes no call for its --session-timeout\./,
    );
    builtin.child.kill();
    await builtin.exited;
  });
});
