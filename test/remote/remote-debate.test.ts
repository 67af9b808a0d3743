import { describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { runGit } from '../helpers/git-repo.js';
import { makeRemoteClones } from '../helpers/remote-clones.js';
import { startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// Two clones, two HOMEs, one bare remote: the debate lives under refs/code-debate/ and each side's reply.md mirrors it.
const repos = useDebateRepos();

describe('a debate on a git remote', () => {
  it('runs between two clones to CONSENSUS, each section a commit on the debate ref, both mirrors whole', async () => {
    const repo = await repos.repo();
    const { bare, a, b } = await makeRemoteClones(repo);
    const args = ['--remote', 'origin', '--poll', '200', '--heartbeat', '2s', 'the diff against main'];
    const reviewer = startCli(args, { cwd: a.dir, env: a.env });
    await waitFor(() => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
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
});
