import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// Which file a side debates in: never someone's work, and the same file from anywhere in the work tree.
const repos = useDebateRepos();

const exclude = (dir: string) => readFile(path.join(dir, '.git', 'info', 'exclude'), 'utf8').catch(() => '');

describe('a file that is not a debate', () => {
  it.each([
    ['a tracked source file', 'src/app.js', null, 'git tracks it, and a debate file is never part of the code'],
    ['an untracked file that is not a debate', 'CHANGELOG.md', '# Changelog\n\n- 1.0: first release\n', 'it exists and is not a debate'],
  ])('is refused before anything is written or excluded: %s', async (_, file, text, reason) => {
    const repo = await repos.repo();
    if (text !== null) await writeFile(path.join(repo.dir, file), text);
    const before = await readFile(path.join(repo.dir, file), 'utf8');
    const excludedBefore = await exclude(repo.dir);
    const side = await startCli(['--file', file, '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir }).exited;
    expect(side.code, side.stderr).toBe(2);
    expect(side.stderr).toContain(`code-debate: Cannot use \`${file}\` as the debate file: ${reason}`);
    expect(side.stderr).toContain('Nothing was written. Choose another file with --file');
    expect(await readFile(path.join(repo.dir, file), 'utf8')).toBe(before);
    expect(await exclude(repo.dir)).toBe(excludedBefore);
  });

  it('a file a plain peer started with `## Review` and no title is a debate', async () => {
    const repo = await repos.repo();
    await writeFile(repo.file, `## Review\n\n${sampleReview}`);
    const script = await repo.script('agent', {});
    const side = startCli(['--role', 'responder', '--agent', scriptedAgent(script.script, script.log), 'HEAD'], { cwd: repo.dir });
    await waitFor(async () => headingsOf(await repo.readReply()).includes('## Response 1'), 'the Response');
    side.child.kill('SIGTERM');
    expect((await side.exited).code).toBe(143);
  });
});

describe('sides started in different folders of the work tree', () => {
  it('meet in reply.md at the root; an explicit --file stays relative to the folder it was typed in', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: sampleReview });
    const agent = scriptedAgent(script.script, script.log);
    await mkdir(path.join(repo.dir, 'src', 'deep'), { recursive: true });
    const reviewer = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent, 'HEAD'], { cwd: path.join(repo.dir, 'src', 'deep') });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    // The status line names the file from the root.
    expect(b.stderr).toContain('I am the Responder');
    expect(b.stderr).toMatch(/I am the Responder \(pid \d+, agent [^)]+\) · reply\.md · /);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## CONSENSUS']);

    const shown = await startCli(['show', '--json'], { cwd: path.join(repo.dir, 'src') }).exited;
    expect(shown.code, shown.stderr).toBe(0);
    expect((JSON.parse(shown.stdout) as { outcome: string }).outcome).toBe('consensus');

    const local = startCli(['--agent', agent, '--file', 'notes.md', '--turn-timeout', '1s', 'HEAD'], { cwd: path.join(repo.dir, 'src') });
    await waitWhileRunning(local, () => local.output().stderr.includes('I am the Reviewer'), 'a Reviewer on src/notes.md');
    expect(local.output().stderr).toContain(' · src/notes.md · ');
    const exit = await local.exited;
    expect(exit.code, exit.stderr).toBe(3);
    expect(headingsOf(await readFile(path.join(repo.dir, 'src', 'notes.md'), 'utf8'))).toEqual(['## Review', '## CONSENSUS']);
  });
});
