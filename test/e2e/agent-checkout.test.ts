import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, isAlive, oneRound, sampleReview, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { scriptedAgent, scriptedAgentPath, startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// Every agent but a person works in a checkout of its own: the person goes on working in their
// work tree meanwhile, evidence is judged against what was reviewed, and no checkout outlives its debate.
const repos = useDebateRepos();

interface Call {
  pid: number;
  cwd: string;
  stdin: string;
}

const checkouts = (repo: DebateRepo) => path.join(repo.dir, '.git', 'code-debate', 'checkouts');
const listCheckouts = async (repo: DebateRepo) => (await readdir(checkouts(repo)).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));
const workTrees = async (repo: DebateRepo) => (await repo.git('worktree', 'list', '--porcelain')).split('\n').filter((line) => line.startsWith('worktree '));
const readCalls = async (log: string) =>
  (await readFile(log, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Call);
/** The calls once the agent's first line is whole: the log exists from the moment the agent opens it, before it writes. */
const startedCalls = async (log: string) => (existsSync(log) && (await readFile(log, 'utf8')).endsWith('\n') ? await readCalls(log) : null);

/** A shell step that says the agent started (`<marks>/<name>`), then waits, at most 20 s, for the test to say go (`<marks>/<name>.go`). */
function pauseFor(marks: string, name: string): string {
  const mark = JSON.stringify(path.join(marks, name));
  return `touch ${mark}; i=0; while [ ! -f ${mark}.go ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done`;
}

describe('the agents work in a checkout of the subject', () => {
  it("the person edits, saves, builds and commits on another branch during both agents' turns, and the debate ends normally", async () => {
    const repo = await repos.repo();
    const marks = path.dirname(repo.dir);
    const reviewer = await repo.script('reviewer', { review: { shell: pauseFor(marks, 'review'), stdout: sampleReview } });
    const responder = await repo.script('responder', { response: { shell: pauseFor(marks, 'response'), stdout: '### R1. Debug output left in\n**Agreed**: will remove it.\n' } });
    const first = startCli(['--role', 'reviewer', '--agent', scriptedAgent(reviewer.script, reviewer.log), 'main..feature'], { cwd: repo.dir });
    const second = startCli(['--role', 'responder', '--agent', scriptedAgent(responder.script, responder.log), 'main..feature'], { cwd: repo.dir });

    await waitFor(() => existsSync(path.join(marks, 'review')), 'the Reviewer agent to start');
    await repo.write('src/app.js', 'export function greet(name) {\n  return `hello ${name}`;\n}\n');
    await repo.write('.app.js.swp', 'swap');
    await repo.write('notes.txt', 'what to fix\n');
    await repo.write('dist/app.min.js', 'built');
    await repo.git('switch', '-q', '-c', 'experiment');
    await repo.git('commit', '-q', '-am', 'Try another greeting');
    await writeFile(path.join(marks, 'review.go'), '');

    await waitFor(() => existsSync(path.join(marks, 'response')), 'the Responder agent to start');
    await repo.write('src/app.js', 'export function greet(name) {\n  return `hey ${name}`;\n}\n');
    await repo.git('commit', '-q', '-am', 'Another one');
    await repo.write('dist/app.min.js', 'built again');
    await writeFile(path.join(marks, 'response.go'), '');

    const [a, b] = await Promise.all([first.exited, second.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expectEndedWhole(await repo.readReply(), 'consensus', oneRound);
    const [review] = await readCalls(reviewer.log);
    const [response] = await readCalls(responder.log);
    expect(review?.cwd).toMatch(/\/\.git\/code-debate\/checkouts\/code-debate-reviewer-\d+$/);
    expect(response?.cwd).toMatch(/\/\.git\/code-debate\/checkouts\/code-debate-responder-\d+$/);
    // Nothing of the person's work reached the debate, and nothing of the debate's checkouts is left.
    expect(await listCheckouts(repo)).toEqual([]);
    expect(await workTrees(repo)).toEqual([`worktree ${repo.dir}`]);
    expect(await repo.git('status', '--porcelain')).toBe('?? .app.js.swp\n?? dist/\n?? notes.txt');
    expect(await repo.git('log', '-1', '--format=%s')).toBe('Another one');
  });

  it('evidence is judged against the change as reviewed, though the person changed the cited lines since', async () => {
    const repo = await repos.repo();
    const marks = path.dirname(repo.dir);
    // The working tree under review adds lines 5 and 6; the Review cites line 6.
    await repo.write(
      'src/app.js',
      'export function greet(name) {\n  console.log(name);\n  return `hi ${name}`;\n}\nexport const shout = (name) => greet(name).toUpperCase();\nexport const whisper = (name) => greet(name).toLowerCase();\n',
    );
    const cited = '### R1. Untested helpers\n**Severity:** low\n**Evidence:** `src/app.js:6`\n\nThe new helpers have no test.\n';
    const reviewer = await repo.script('reviewer', { review: { shell: pauseFor(marks, 'review'), stdout: cited } });
    const responder = await repo.script('responder', { response: '### R1. Untested helpers\n**Agreed**: will add tests, beside `src/app.js:99`.\n' });
    const first = startCli(['--role', 'reviewer', '--agent', scriptedAgent(reviewer.script, reviewer.log), 'working tree'], { cwd: repo.dir });
    const second = startCli(['--role', 'responder', '--agent', scriptedAgent(responder.script, responder.log), 'working tree'], { cwd: repo.dir });
    await waitFor(() => existsSync(path.join(marks, 'review')), 'the Reviewer agent to start');
    await waitFor(async () => (await listCheckouts(repo)).some((name) => /^code-debate-responder-\d+$/.test(name)), "the Responder's checkout");
    // The person takes the helpers out again: line 6 no longer exists in their work tree.
    await repo.git('checkout', '--', 'src/app.js');
    await writeFile(path.join(marks, 'review.go'), '');

    const [a, b] = await Promise.all([first.exited, second.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const [response] = await readCalls(responder.log);
    expect(response?.stdin).toContain('+export const whisper');
    expect(response?.stdin).not.toContain('do not hold');
    const text = await repo.readReply();
    expectEndedWhole(text, 'consensus', oneRound);
    expect(text).not.toContain('not 6');
    expect(await readFile(path.join(repo.dir, 'src/app.js'), 'utf8')).not.toContain('whisper');

    // Later, `show` checks the evidence against the same snapshot, which the header names and a ref keeps.
    const shown = JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as {
      subject: { snapshot: string | null };
      failedCitations: Array<{ path: string; line: number }>;
    };
    const snapshot = shown.subject.snapshot ?? '';
    expect(snapshot).toMatch(/^[0-9a-f]{40}$/);
    expect(await repo.git('rev-parse', `refs/code-debate/snapshots/${snapshot}`)).toBe(snapshot);
    expect(await repo.git('show', `${snapshot}:src/app.js`)).toContain('whisper');
    expect(shown.failedCitations.map(({ path, line }) => `${path}:${line}`)).toEqual(['src/app.js:99']);
  });

  it('a checkout left by a side killed with SIGKILL is removed by the next side that starts', async () => {
    const repo = await repos.repo();
    const script = await repo.script('hang', { review: { hang: true } });
    const killed = startCli(['--agent', scriptedAgent(script.script, script.log), '--agent-timeout', '60s', 'main..feature'], { cwd: repo.dir });
    const [agent] = await waitFor(async () => startedCalls(script.log), 'the hanging agent to start');
    const left = await listCheckouts(repo);
    expect(left).toEqual([`code-debate-reviewer-${killed.child.pid}`, `code-debate-reviewer-${killed.child.pid}.json`, `code-debate-reviewer-${killed.child.pid}.tmp`]);
    killed.child.kill('SIGKILL');
    await killed.exited;
    if (agent !== undefined) process.kill(-agent.pid, 'SIGKILL');
    await waitFor(() => agent === undefined || !isAlive(agent.pid), 'the orphan agent to be gone');
    expect(await workTrees(repo)).toHaveLength(2);

    const next = startCli(['--agent', 'builtin', '--turn-timeout', '1s', 'main..feature'], { cwd: repo.dir });
    await waitFor(async () => !(await listCheckouts(repo)).includes(`code-debate-reviewer-${killed.child.pid}`), "the dead side's checkout to be removed");
    const ended = await next.exited;
    expect(ended.code, ended.stderr).toBe(3);
    expect(await listCheckouts(repo)).toEqual([]);
    expect(await workTrees(repo)).toEqual([`worktree ${repo.dir}`]);
  });

  const bwrapWorks = (() => {
    try {
      execFileSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', 'true'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!bwrapWorks)('under bubblewrap a cmd: agent cannot write outside its checkout and its TMPDIR', async () => {
    const repo = await repos.repo();
    const outside = path.join(repo.dir, 'pwned.txt');
    const { script } = await repo.script('agent', {
      review: { shell: `(echo pwned > ${JSON.stringify(outside)}) 2>/dev/null; echo scratch > "$TMPDIR/scratch"`, stdout: sampleReview },
    });
    const agent = `cmd:${JSON.stringify(process.execPath)} ${JSON.stringify(scriptedAgentPath)} --script ${JSON.stringify(script)}`;
    const reviewer = await startCli(['--agent', agent, '--turn-timeout', '1s', 'main..feature'], { cwd: repo.dir, env: { CODE_DEBATE_SANDBOX: 'on' } }).exited;
    // The Review is written (exit 3: no Responder came), and nothing reached the work tree.
    expect(reviewer.code, reviewer.stderr).toBe(3);
    expect(reviewer.stderr).not.toContain('without a sandbox');
    expect(await repo.readReply()).toContain('## Review');
    expect(existsSync(outside)).toBe(false);
  });
});
