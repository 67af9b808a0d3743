import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli } from '../helpers/run-cli.js';

// Whatever the agent, a turn that changes what it reads stops the debate: exit 7, what changed
// listed, the section not written. The agent works in a checkout of its own: what it wrote there
// goes with it, and the person's work tree is never touched.
const repos = useDebateRepos();
const run = promisify(execFile);

describe('an agent that writes into the repository', () => {
  it('edits a tracked file and adds one: exit 7 names both, the Review is not written, the work tree is untouched', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: { shell: 'echo "// added by the agent" >> src/app.js && echo notes > notes.txt', stdout: sampleReview } });
    const reviewer = await startCli(['--agent', scriptedAgent(script.script, script.log), 'HEAD'], { cwd: repo.dir }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(7);
    expect(reviewer.stderr).toContain('Agent `cmd:node` changed what it reads while it wrote `## Review`, and an agent that reviews code must only read it.');
    expect(reviewer.stderr).toContain('  - notes.txt: created');
    expect(reviewer.stderr).toContain('  - src/app.js: changed');
    expect(reviewer.stderr).toContain('is removed with it: your work tree was not touched.');
    expect(existsSync(repo.file) ? await repo.readReply() : '').not.toContain('## Review');
    const { stdout } = await run('git', ['status', '--porcelain'], { cwd: repo.dir });
    expect(stdout).toBe('');
    expect(await run('git', ['worktree', 'list', '--porcelain'], { cwd: repo.dir }).then((listed) => listed.stdout.match(/^worktree /gm)?.length)).toBe(1);
  });

  it('writes before it reads its prompt, with no sandbox: exit 7 names what it wrote (the snapshot is taken before it starts)', async () => {
    const repo = await repos.repo();
    const review = path.join(repo.dir, '..', `${path.basename(repo.dir)}-review.md`);
    await writeFile(review, sampleReview);
    const agent = `cmd:sh -c 'echo early > early.txt && cat > /dev/null && cat "$0"' '${review}'`;
    const reviewer = await startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir, env: { CODE_DEBATE_SANDBOX: 'off' } }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(7);
    expect(reviewer.stderr).toContain('  - early.txt: created');
    expect(existsSync(repo.file) ? await repo.readReply() : '').not.toContain('## Review');
  });

  it("commits: exit 7 names its checkout's HEAD that moved; the person's branch stays", async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: { shell: 'git -c user.name=a -c user.email=a@b commit -q --allow-empty -m sneaky', stdout: sampleReview } });
    const reviewer = await startCli(['--agent', scriptedAgent(script.script, script.log), 'HEAD'], { cwd: repo.dir }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(7);
    expect(reviewer.stderr).toMatch(/ {2}- HEAD: moved from [0-9a-f]{7} to [0-9a-f]{7}/);
    expect(await repo.git('log', '-1', '--format=%s', 'feature')).toBe('Log the name');
  });

  it('stages a file: exit 7 names it', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: { shell: 'echo staged > staged.txt && git add staged.txt', stdout: sampleReview } });
    const reviewer = await startCli(['--agent', scriptedAgent(script.script, script.log), 'HEAD'], { cwd: repo.dir }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(7);
    expect(reviewer.stderr).toContain('  - staged.txt: changed');
  });

  it('writes and then fails: exit 7 names what it wrote, not only that it failed', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: { shell: 'echo notes > notes.txt', stderr: 'boom\n', exit: 1 } });
    const reviewer = await startCli(['--agent', scriptedAgent(script.script, script.log), '--agent-timeout', '10s', 'HEAD'], { cwd: repo.dir }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(7);
    expect(reviewer.stderr).toContain('  - notes.txt: created');
  });

  it('plants a git hook or edits the exclude file: exit 7 names them', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', {
      review: {
        shell:
          'hook="$(git rev-parse --git-path hooks)/pre-commit" && printf "#!/bin/sh\\nexit 0\\n" > "$hook" && chmod +x "$hook" && echo "*.secret" >> "$(git rev-parse --git-path info/exclude)"',
        stdout: sampleReview,
      },
    });
    const reviewer = await startCli(['--agent', scriptedAgent(script.script, script.log), 'HEAD'], { cwd: repo.dir }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(7);
    expect(reviewer.stderr).toContain('  - hook pre-commit: created');
    expect(reviewer.stderr).toContain('  - .git/info/exclude: changed');
    expect(reviewer.stderr).toContain("The repository's config, exclude file and hooks are shared with your work tree");
  });

  it("a fetch in the background (a remote-tracking ref) and the files editors write beside the debate are not the agent's", async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: { shell: 'git update-ref refs/remotes/origin/main HEAD && echo swap > .reply.md.swp', stdout: sampleReview } });
    const reviewer = await startCli(['--agent', scriptedAgent(script.script, script.log), '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(3);
  });

  it('an agent that only reads is not stopped, though the work tree held changes before its turn', async () => {
    const repo = await repos.repo();
    await run('sh', ['-c', 'echo before >> src/app.js && echo draft > draft.txt'], { cwd: repo.dir });
    const script = await repo.script('agent', { review: { shell: 'cat src/app.js > /dev/null && git status > /dev/null', stdout: sampleReview } });
    const reviewer = startCli(['--agent', scriptedAgent(script.script, script.log), '--turn-timeout', '1s', 'working tree'], { cwd: repo.dir });
    const ended = await reviewer.exited;
    // No Responder comes: the Reviewer wrote its Review, then timed out waiting (exit 3), not 7.
    expect(ended.code, ended.stderr).toBe(3);
    expect(await repo.readReply()).toContain('## Review');
  });
});
