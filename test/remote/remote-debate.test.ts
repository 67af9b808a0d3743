import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { runGit } from '../helpers/git-repo.js';
import { makeRemoteClones, type Clone } from '../helpers/remote-clones.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

// Two clones, two HOMEs, one bare remote: the debate lives under refs/code-debate/ and each side's reply.md mirrors it.
const repos = useDebateRepos();

/** A commit of a change in clone `clone` alone (a commit that changes no file is no subject). */
async function commitLocally(clone: Clone, message: string): Promise<void> {
  await writeFile(path.join(clone.dir, 'src', 'local.js'), `export const message = ${JSON.stringify(message)};\n`);
  await clone.git('add', '-A');
  await clone.git('commit', '-q', '-m', message);
}

describe('a debate on a git remote', () => {
  it('runs between two clones to CONSENSUS, each section a commit on the debate ref, both mirrors whole', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const args = ['--remote', 'origin', '--poll', '200', '--heartbeat', '2s', 'the diff against main'];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(args, { cwd: b.dir, env: b.env });
    const [first, second] = await Promise.all([reviewer.exited, responder.exited]);
    expect([first.code, second.code], first.stderr + second.stderr).toEqual([0, 0]);
    const text = await a.readReply();
    expectEndedWhole(text);
    expect(await b.readReply()).toBe(text);
    const refs = await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate/');
    const debateRef = refs.split('\n').find((ref) => ref.endsWith('/debate')) ?? '';
    expect(debateRef).toMatch(/^refs\/code-debate\/[0-9a-f]{12}-[0-9a-f]{12}-reply\.md\/debate$/);
    // The claims went with their holders; the debate stays.
    expect(refs.split('\n')).toEqual([debateRef]);
    expect(await runGit(bare, 'show', `${debateRef}:reply.md`)).toBe(text.replace(/\n$/, ''));
    expect((await runGit(bare, 'log', '--format=%s', debateRef)).split('\n')).toEqual([
      'code-debate: ## CONSENSUS (reviewer)',
      'code-debate: ## Response 1 (responder)',
      'code-debate: ## Review (reviewer)',
    ]);
    expect(first.stderr).toContain(`(mirrors origin ${debateRef})`);
  });

  it('lists, shows and archives the debates on the remote (status, show, archive --remote), never deleting one', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const args = ['--remote', 'origin', '--poll', '200', 'the diff against main'];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const ends = await Promise.all([reviewer.exited, startCli(args, { cwd: b.dir, env: b.env }).exited]);
    expect(ends.map((end) => end.code)).toEqual([0, 0]);
    const name = /refs\/code-debate\/([^/]+)\/debate/.exec(ends[0]?.stderr ?? '')?.[1] ?? '';

    // Read from the third place that has neither mirror: the original repository, whose origin is set now.
    await repo.git('remote', 'add', 'origin', bare);
    const status = await startCli(['status', '--remote', 'origin', '--json'], { cwd: repo.dir }).exited;
    expect(status.code, status.stderr).toBe(0);
    const listed = JSON.parse(status.stdout) as {
      remote: string;
      debates: Array<{ name: string; turn: string | null; outcome: string; round: number; roles: Record<string, { state: string }> }>;
    };
    expect(listed.debates.map(({ name: debate, turn, outcome, round }) => ({ debate, turn, outcome, round }))).toEqual([
      { debate: name, turn: null, outcome: 'consensus', round: 1 },
    ]);
    expect(listed.debates[0]?.roles.reviewer?.state).toBe('absent');
    const shown = await startCli(['show', '--remote', 'origin'], { cwd: repo.dir }).exited;
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('R1');
    expect(shown.stdout).toContain('Debug output left in');

    const archived = await startCli(['archive', '--remote', 'origin', '--debate', name], { cwd: repo.dir }).exited;
    expect(archived.code, archived.stdout + archived.stderr).toBe(0);
    expect(archived.stdout).toMatch(new RegExp(`^Archived ${name} on origin to refs/code-debate-archive/${name.replace(/\./g, '\\.')}/\\S+\\n$`));
    expect(await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate/')).toBe('');
    const kept = await runGit(bare, 'for-each-ref', '--format=%(refname)', 'refs/code-debate-archive/');
    expect(await runGit(bare, 'show', `${kept}:reply.md`)).toBe((await a.readReply()).replace(/\n$/, ''));
    const empty = await startCli(['status', '--remote', 'origin'], { cwd: repo.dir }).exited;
    expect(empty.stdout).toBe('No debate on `origin` (nothing under refs/code-debate/).\n');
  });

  it.each([
    [['--remote', 'nowhere', 'HEAD'], 2, 'Cannot debate on the remote `nowhere`: it is neither a remote of this clone (its remotes are `origin`) nor a URL or a path.'],
    [['--debate', 'x', 'HEAD'], 2, '`--debate` names a debate on a git remote: give the remote too'],
    [['--remote', 'origin', 'working tree'], 2, 'which lives only in this clone. The other side must see the same commits: commit and push the change'],
    [['--remote', 'origin', '--debate', '..x', 'HEAD'], 2, 'Cannot name a debate `..x` (--debate): git refuses a ref name'],
    [['show', '--remote', 'origin', '--debate', 'nope'], 2, 'There is no debate `nope` on `origin`: it has none under refs/code-debate/.'],
  ] as const)('refuses %j with a message that says what to do, claiming nothing', async (args, code, says) => {
    const repo = await repos.repo();
    const { bare, a } = await makeRemoteClones(repo);
    await commitLocally(a, 'local only');
    await writeFile(path.join(a.dir, 'src', 'app.js'), 'changed\n');
    const exit = await startCli(args, { cwd: a.dir, env: a.env }).exited;
    expect(exit.code, exit.stderr).toBe(code);
    expect(exit.stderr + exit.stdout).toContain(says);
    expect(await runGit(bare, 'for-each-ref', 'refs/code-debate/')).toBe('');
  });

  it('refuses a subject whose head the remote does not have, with the push that fixes it: the other side could not see it', async () => {
    const repo = await repos.repo();
    const { bare, a } = await makeRemoteClones(repo);
    await commitLocally(a, 'local only');
    const head = await a.git('rev-parse', 'HEAD');
    const exit = await startCli(['--remote', 'origin', 'HEAD'], { cwd: a.dir, env: a.env }).exited;
    expect(exit.code, exit.stderr).toBe(2);
    expect(exit.stderr).toContain(
      `${head.slice(0, 12)}, the head of "HEAD", is on no branch of \`origin\`: the other side, in its own clone, cannot see it, and would wait in a debate of its own. Push it first (\`git push origin feature\`)`,
    );
    expect(await runGit(bare, 'for-each-ref', 'refs/code-debate/')).toBe('');
    expect(existsSync(path.join(a.dir, 'reply.md'))).toBe(false);
  });

  it('only warns of a head the remote does not have when --debate names the debate both sides meet in', async () => {
    const repo = await repos.repo();
    const { a } = await makeRemoteClones(repo);
    await commitLocally(a, 'local only');
    await a.git('checkout', '-q', '--detach');
    const head = await a.git('rev-parse', 'HEAD');
    const exit = await startCli(['--remote', 'origin', '--debate', 'ours', '--turn-timeout', '1s', 'HEAD'], { cwd: a.dir, env: a.env }).exited;
    expect(exit.code, exit.stderr).toBe(3);
    expect(exit.stderr).toContain(
      `${head.slice(0, 12)}, the head of "HEAD", is on no branch of \`origin\`: the other side, in its own clone, cannot see it, so it reviews another change in the debate ours unless it is pushed (\`git push origin ${head.slice(0, 12)}:refs/heads/<branch>\`).`,
    );
  });

  it('finds the head on a remote added by URL and never fetched, where it was pushed: no warning', async () => {
    const repo = await repos.repo();
    const { bare, a } = await makeRemoteClones(repo);
    await commitLocally(a, 'pushed by URL');
    await a.git('remote', 'add', 'd', bare);
    await a.git('push', '-q', bare, 'HEAD:refs/heads/by-url');
    const exit = await startCli(['--remote', 'd', '--turn-timeout', '1s', 'HEAD'], { cwd: a.dir, env: a.env }).exited;
    expect(exit.code, exit.stderr).toBe(3);
    expect(exit.stderr).not.toContain('is on no branch');
    expect(exit.stderr).toContain('I am the Reviewer');
  });

  it('starts a second debate in a clone whose reply.md mirrors a finished one: the old text kept, the new debate begun on the remote', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const args = (name: string) => ['--remote', 'origin', '--debate', name, '--poll', '200', 'the diff against main'];
    const reviewer = startCli(args('one'), { cwd: a.dir, env: a.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const ends = await Promise.all([reviewer.exited, startCli(args('one'), { cwd: b.dir, env: b.env }).exited]);
    expect(ends.map((end) => end.code)).toEqual([0, 0]);
    const first = await a.readReply();
    const second = await startCli([...args('two'), '--turn-timeout', '1s'], { cwd: a.dir, env: a.env }).exited;
    expect(second.code, second.stderr).toBe(3);
    const saved = /what it held before is saved in (\S+)\./.exec(second.stderr)?.[1] ?? '';
    expect(await readFile(saved, 'utf8')).toBe(first);
    expect(second.stderr).toContain('I am the Reviewer');
    const text = await a.readReply();
    expect(text).not.toBe(first);
    expect(await runGit(bare, 'show', 'refs/code-debate/two/debate:reply.md')).toBe(text.replace(/\n$/, ''));
    expect(await runGit(bare, 'show', 'refs/code-debate/one/debate:reply.md')).toBe(first.replace(/\n$/, ''));
  });

  it('runs duo in one clone with the remote from the settings file: the two sides fetch into the same copies without a word about it', async () => {
    const repo = await repos.repo();
    const { a } = await makeRemoteClones(repo);
    await writeFile(path.join(a.dir, '.code-debate.json'), JSON.stringify({ remote: 'origin' }));
    const script = await repo.script('agent', {
      review: '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nRemove it.\n',
      // Fresh words each round: a round that brings nothing new would end the debate early.
      response: ['traces', 'audits', 'support', 'debugging', 'onboarding'].map((why) => `### R1. Debug output left in\n**Disagreed**: it helps ${why}.\n`),
      'follow-up': ['privacy', 'noise', 'cost', 'policy'].map((why) => `### R1. Debug output left in\n**Maintained**: it hurts ${why}.\n`),
    });
    const exit = await startCli(['duo', '--max-rounds', '5', '--poll', '100', '--agent', scriptedAgent(script.script, script.log), 'the diff against main'], {
      cwd: a.dir,
      env: a.env,
    }).exited;
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stderr).not.toMatch(/Cannot fetch|answers again/);
    expectEndedWhole(await a.readReply(), 'limit reached', [
      '## Review',
      ...[1, 2, 3, 4, 5].flatMap((round) => [`## Response ${round}`, ...(round < 5 ? [`## Reviewer Follow-up ${round}`] : [])]),
      '## CONSENSUS',
    ]);
  });
});
