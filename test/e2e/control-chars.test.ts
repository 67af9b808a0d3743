import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

// Control bytes from an agent never reach the file, and none from the file reaches a terminal.
const repos = useDebateRepos();
const run = promisify(execFile);
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

describe('control characters', () => {
  it('an agent that prints NUL, ESC and BEL: the section is written without them, a grep peer reads the file as text, and the log says what was removed', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', {
      review: `${sampleReview.replace('Debug output left in', 'Debug output\u001b]0;pwned\u0007 left in')}\u0000\u001b[2J`,
    });
    const agent = scriptedAgent(script.script, script.log);
    const reviewer = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(a.stderr).toMatch(/removed control characters from the agent's `## Review` before writing it: 2 × escape sequence, 1 × NUL\./);
    const text = await repo.readReply();
    expect(controls.test(text)).toBe(false);
    expect(text).toContain('### R1. Debug output left in');
    // A line-oriented peer reads the headings, not "binary file matches".
    const { stdout } = await run('grep', ['^## ', 'reply.md'], { cwd: repo.dir });
    expect(stdout.split('\n').filter(Boolean)).toEqual(headingsOf(text));
  });

  it('show and status print a title a peer wrote with escape sequences as text, and --json stays valid JSON', async () => {
    const repo = await repos.repo();
    const title = 'Leak\u001b]0;pwned\u0007 in\u009b2J the log';
    await writeFile(repo.file, `# Code Debate: HEAD\n\n## Review\n\n### 1. ${title}\n**Severity:** high\n`);
    const shown = await startCli(['show'], { cwd: repo.dir }).exited;
    expect(shown.code, shown.stderr).toBe(0);
    expect(controls.test(shown.stdout)).toBe(false);
    expect(shown.stdout).toContain('Leak\\x1B]0;pwned\\x07 in\\x9B2J the log');
    const json = await startCli(['show', '--json'], { cwd: repo.dir }).exited;
    expect(controls.test(json.stdout)).toBe(false);
    // A file that does not parse is reported as text, in --json too: escaped as well.
    await writeFile(path.join(repo.dir, 'bad.md'), '# Code Debate: x\n\n## Bad \u001b]0;pwned\u0007 head\n');
    const broken = await startCli(['show', '--json', 'bad.md'], { cwd: repo.dir }).exited;
    expect(controls.test(broken.stdout + broken.stderr), broken.stdout).toBe(false);
    expect(broken.stdout + broken.stderr).toContain('\\x1B]0;pwned');
    expect((JSON.parse(json.stdout) as { points: Array<{ title: string }> }).points[0]?.title).toBe(title);
    const status = await startCli(['status'], { cwd: repo.dir }).exited;
    expect(controls.test(status.stdout + status.stderr)).toBe(false);
  });
});
