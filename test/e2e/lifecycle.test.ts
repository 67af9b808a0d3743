import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { isAlive, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

const spawningAgentPath = fileURLToPath(new URL('../agents/fixtures/spawning-agent.mjs', import.meta.url));
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();
const setup = () => repos.repo();

const review = sampleReview;

describe('turns and non-turns', () => {
  it('a person appending a note is not a turn: the Reviewer keeps waiting, the note is kept', async () => {
    const repo = await setup();
    const agent = await repo.script('agent', { review });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Reviewer to wait');
    await appendFile(repo.file, 'A note from a person: see also the logger.\n\n');
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("still the Responder's turn: not a turn"), 'the change to be seen as no turn');
    const responder = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(text).toContain('A note from a person: see also the logger.\n\n---\n\n## Response 1');
  });
});

describe('timeouts', () => {
  it('the Responder never comes: the Reviewer writes a CONSENSUS saying so and exits 3', async () => {
    const repo = await setup();
    const agent = await repo.script('agent', { review });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir });
    const exit = await reviewer.exited;
    expect(exit.code).toBe(3);
    expect(exit.stderr).toContain('The Responder did not take its turn within 1s (--turn-timeout); the Reviewer wrote the CONSENSUS.');
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## CONSENSUS']);
    expect(text).toContain('**Outcome:** peer timed out: the Responder did not take its turn within 1s (--turn-timeout), with 1 point still disputed.');
  });

  it('a designated Responder whose Reviewer never starts exits 3 without creating the file', async () => {
    const repo = await setup();
    const responder = startCli(['--role', 'responder', '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir });
    const exit = await responder.exited;
    expect(exit.code).toBe(3);
    expect(exit.stderr).toContain('reply.md never appeared');
    await expect(readFile(repo.file)).rejects.toThrow();
  });
});

describe('a file that breaks the protocol', () => {
  it('is reported with the heading and line, exit 5, and left byte for byte as it was', async () => {
    const repo = await setup();
    const broken = '# Code Debate: HEAD\n\n## Review\n\n### 1. A point\n\n## Summary\n\nnot a section\n';
    await writeFile(repo.file, broken);
    const responder = startCli(['HEAD'], { cwd: repo.dir });
    const exit = await responder.exited;
    expect(exit.code).toBe(5);
    expect(exit.stderr).toContain('Cannot read the level-2 heading `Summary` at line 7');
    expect(await repo.readReply()).toBe(broken);
  });

  it('a finished debate is archived under the git directory, never deleted, and a new one starts', async () => {
    const repo = await setup();
    const ended = '# Code Debate: HEAD\n\n## Review\n\nx\n\n---\n\n## CONSENSUS\n\ndone\n';
    await writeFile(repo.file, ended);
    const reviewer = startCli(['HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('wrote ## Review'), 'the new Review');
    const moved = /moved it to (\S+) \(kept, not deleted\)/.exec(reviewer.output().stderr)?.[1];
    expect(moved).toMatch(/\/\.git\/code-debate\/.+\/archive\/.+-reply\.md$/);
    expect(await readFile(moved!, 'utf8')).toBe(ended);
    expect(await repo.readReply()).not.toContain('## CONSENSUS');
    reviewer.child.kill('SIGTERM');
    await reviewer.exited;
  });
});

describe('interrupting', () => {
  it('SIGTERM while the agent writes: the agent is stopped, nothing is written, the claim is released, exit 143', async () => {
    const repo = await setup();
    const agent = await repo.script('agent', { review: { hang: true } });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    const started = await waitFor(() => readFile(agent.log, 'utf8').catch(() => ''), 'the agent to start');
    const pid = Number((JSON.parse(started.trim()) as { pid: number }).pid);
    reviewer.child.kill('SIGTERM');
    const exit = await reviewer.exited;
    expect(exit.code).toBe(143);
    expect(exit.stderr).toContain('nothing was written');
    await waitFor(() => !isAlive(pid), 'the agent to be stopped');
    await expect(readFile(repo.file)).rejects.toThrow();
    const state = path.join(repo.dir, '.git', 'code-debate');
    // The agents' checkouts are gone, their folder left empty.
    const [debate] = (await readdir(state)).filter((name) => name !== 'checkouts');
    expect(await readdir(path.join(state, 'checkouts'))).toEqual([]);
    expect(await readdir(path.join(state, debate ?? ''))).toEqual([]);
  });
});

describe('a second Ctrl-C', () => {
  it('exits at once, and still kills the whole agent group, even a child that ignores SIGTERM', async () => {
    const repo = await setup();
    const pidsFile = path.join(repo.dir, '..', `${path.basename(repo.dir)}-pids.json`);
    const agent = `cmd:${JSON.stringify(process.execPath)} ${JSON.stringify(spawningAgentPath)} ${JSON.stringify(pidsFile)} --ignore-term`;
    const reviewer = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    const pids = JSON.parse(await waitFor(() => readFile(pidsFile, 'utf8').catch(() => ''), 'the agent and its child')) as { agent: number; child: number };
    reviewer.child.kill('SIGINT');
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('stopping after SIGINT'), 'the first Ctrl-C to be seen');
    reviewer.child.kill('SIGINT');
    const exit = await reviewer.exited;
    expect(exit.code).toBe(130);
    await waitFor(() => !isAlive(pids.agent) && !isAlive(pids.child), 'the agent and its child to be gone', 5_000);
    await expect(readFile(repo.file)).rejects.toThrow();
  });

  it('SIGHUP (the terminal closed) stops like SIGTERM: exit 129, the agent stopped, the claim released', async () => {
    const repo = await setup();
    const agent = await repo.script('agent', { review: { hang: true } });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    const started = await waitFor(() => readFile(agent.log, 'utf8').catch(() => ''), 'the agent to start');
    const pid = Number((JSON.parse(started.trim()) as { pid: number }).pid);
    reviewer.child.kill('SIGHUP');
    expect((await reviewer.exited).code).toBe(129);
    await waitFor(() => !isAlive(pid), 'the agent to be stopped');
    const state = path.join(repo.dir, '.git', 'code-debate');
    // The agents' checkouts are gone, their folder left empty.
    const [debate] = (await readdir(state)).filter((name) => name !== 'checkouts');
    expect(await readdir(path.join(state, 'checkouts'))).toEqual([]);
    expect(await readdir(path.join(state, debate ?? ''))).toEqual([]);
  });
});
