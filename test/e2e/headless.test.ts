import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli } from '../helpers/run-cli.js';

const repos = useDebateRepos();

interface Event {
  type: string;
  role: string | null;
  pid: number;
  [key: string]: unknown;
}

const readEvents = (stdout: string): Event[] =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Event);

describe('code-debate duo', () => {
  it('runs both sides as two processes on one file and, with --json, prints their events as NDJSON on stdout', async () => {
    const repo = await repos.repo();
    const reviewer = await repo.script('reviewer', { review: sampleReview, consensus: 'Done.\n' });
    const responder = await repo.script('responder', { response: '### R1. Debug output left in\n**Agreed**: `src/app.js:2` goes.\n' });
    const exit = await startCli(
      ['duo', '--json', '--reviewer-agent', scriptedAgent(reviewer.script, reviewer.log), '--responder-agent', scriptedAgent(responder.script, responder.log), 'HEAD'],
      { cwd: repo.dir },
    ).exited;
    expect(exit.code, exit.stderr).toBe(0);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    const events = readEvents(exit.stdout);
    const claimed = events.filter((event) => event.type === 'claimed');
    expect(claimed.map((event) => event.role).sort()).toEqual(['responder', 'reviewer']);
    // Two real processes, neither of them the duo itself.
    expect(new Set(claimed.map((event) => event.pid)).size).toBe(2);
    const reviewerTypes = events.filter((event) => event.role === 'reviewer').map((event) => event.type);
    for (const type of ['claimed', 'turn-started', 'agent-finished', 'turn-written', 'round-state', 'ended']) expect(reviewerTypes).toContain(type);
    expect(events.find((event) => event.type === 'round-state')).toMatchObject({ round: 1, state: 'CONSENSUS' });
    expect(events.at(-1)).toMatchObject({ type: 'duo-ended', exitCode: 0, reviewer: { exitCode: 0, outcome: 'consensus' }, responder: { exitCode: 0, outcome: 'consensus' } });
    // Logs go to stderr, one line per event, tagged with the side.
    expect(exit.stderr).toMatch(/Reviewer +wrote ## Review/);
    expect(exit.stderr).toMatch(/Responder +wrote ## Response 1/);
  });

  it("stops the other side at once when one side fails, with the failing side's exit code", async () => {
    const repo = await repos.repo();
    const good = await repo.script('good', { review: sampleReview });
    const bad = await repo.script('bad', { response: { stderr: 'model exploded\n', exit: 3 } });
    const started = Date.now();
    const exit = await startCli(
      ['duo', '--turn-timeout', '5m', '--reviewer-agent', scriptedAgent(good.script, good.log), '--responder-agent', scriptedAgent(bad.script, bad.log), 'HEAD'],
      { cwd: repo.dir },
    ).exited;
    expect(exit.code).toBe(4);
    expect(exit.stderr).toContain('model exploded');
    // Far below the Reviewer's 5 minute turn timeout: the duo stopped it.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review']);
  });
});

describe('exit codes', () => {
  it('exit 1 when a point at or above --block-on is confirmed, even at consensus; 0 when nothing is', async () => {
    const repo = await repos.repo();
    await repo.write('src/keys.js', "export const paymentsKey = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';\n");
    await repo.commit('Add the payments key');
    const blocked = await startCli(['duo', '--agent', 'builtin', 'HEAD'], { cwd: repo.dir }).exited;
    expect(blocked.code, blocked.stderr).toBe(1);
    expect(blocked.stderr).toMatch(/all points settled; 1 confirmed problem blocks \(high or worse\): R\d \(critical\)\./);
    const passed = await startCli(['duo', '--agent', 'builtin', '--block-on', 'critical', 'HEAD~1'], { cwd: repo.dir }).exited;
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.stderr).toContain('Nothing at or above critical is left to fix.');
  });
});

describe('.code-debate.json', () => {
  it('gives each role its agent, the round limit and the blocking severity; a flag overrides it', async () => {
    const repo = await repos.repo();
    const reviewer = await repo.script('reviewer', {
      review: sampleReview,
      'follow-up': [1, 2].map((n) => `### R1. Debug output left in\n**Maintained**: reason ${n} ${'x '.repeat(n)}\n`),
    });
    const responder = await repo.script('responder', { response: [1, 2, 3].map((n) => `### R1. Debug output left in\n**Disagreed**: because ${n} ${'y '.repeat(n)}\n`) });
    const config = { reviewerAgent: scriptedAgent(reviewer.script, reviewer.log), responderAgent: scriptedAgent(responder.script, responder.log), maxRounds: 3, blockOn: 'medium' };
    await writeFile(path.join(repo.dir, '.code-debate.json'), JSON.stringify(config));
    const exit = await startCli(['duo', '--max-rounds', '2', 'HEAD'], { cwd: repo.dir }).exited;
    expect(exit.code, exit.stderr).toBe(1);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
    expect(await readFile(reviewer.log, 'utf8')).toContain('"CODE_DEBATE_TURN":"review"');
    expect(await readFile(responder.log, 'utf8')).toContain('"CODE_DEBATE_TURN":"response"');
  });

  it('refuses a wrong key or value with exit 2, naming the key, the value and what is allowed, before anything is written', async () => {
    const repo = await repos.repo();
    await writeFile(path.join(repo.dir, '.code-debate.json'), JSON.stringify({ maxRound: 3, blockOn: 'severe' }));
    const exit = await startCli(['HEAD'], { cwd: repo.dir }).exited;
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('`maxRound`');
    expect(exit.stderr).toContain('Did you mean `maxRounds`?');
    expect(exit.stderr).toContain('expected `blockOn` to be one of "critical", "high", "medium", "low", "nit", got `"severe"`');
    await expect(repo.readReply()).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('resolves --agent auto once and says so once, not once per side', async () => {
    const repo = await repos.repo();
    // PATH holds git alone, so no claude, codex or gemini is found whatever this machine has.
    const bin = path.join(repo.dir, '..', 'only-git');
    await mkdir(bin, { recursive: true });
    await symlink(execFileSync('which', ['git'], { encoding: 'utf8' }).trim(), path.join(bin, 'git')).catch(() => undefined);
    const exit = await startCli(['duo', '--agent', 'auto', '--max-rounds', '1', 'HEAD'], { cwd: repo.dir, env: { PATH: bin } }).exited;
    expect(exit.code, exit.stderr).toBeLessThanOrEqual(1);
    expect(exit.stderr.match(/--agent auto: none of claude, codex, gemini is on PATH, so using `builtin`/g)).toHaveLength(1);
    expect(exit.stderr).toMatch(/Reviewer +I am the Reviewer \(pid \d+, agent builtin\)/);
  });

  it('wins over CODE_DEBATE_AGENT, and says so', async () => {
    const repo = await repos.repo();
    await writeFile(path.join(repo.dir, '.code-debate.json'), JSON.stringify({ agent: 'builtin', maxRounds: 1 }));
    const exit = await startCli(['duo', 'HEAD'], { cwd: repo.dir, env: { CODE_DEBATE_AGENT: 'human' } }).exited;
    expect(exit.stderr).toContain('`CODE_DEBATE_AGENT=human` is not used: `agent` in `.code-debate.json` is `"builtin"`');
    expect(exit.code, exit.stderr).not.toBe(4);
  });
});

describe('the shared file', () => {
  it('is added to .git/info/exclude once, so it is never committed by accident', async () => {
    const repo = await repos.repo();
    const exit = await startCli(['duo', '--agent', 'builtin', 'HEAD'], { cwd: repo.dir }).exited;
    expect(exit.code, exit.stderr).toBeLessThanOrEqual(1);
    const exclude = await readFile(path.join(repo.dir, '.git', 'info', 'exclude'), 'utf8');
    expect(exclude.split('\n').filter((line) => line === '/reply.md')).toHaveLength(1);
    expect(await repo.git('status', '--porcelain', '--', 'reply.md')).toBe('');
  });

  it('`code-debate archive` moves a debate into the archive and says where; nothing is deleted', async () => {
    const repo = await repos.repo();
    const text = '# Code Debate: HEAD\n\n## Review\n\nx\n\n---\n\n## CONSENSUS\n\ndone\n';
    await writeFile(repo.file, text);
    const exit = await startCli(['archive'], { cwd: repo.dir }).exited;
    expect(exit.code, exit.stdout).toBe(0);
    const archived = /^Archived reply\.md to (.+)$/m.exec(exit.stdout)?.[1];
    expect(archived).toBeDefined();
    expect(await readFile(archived!, 'utf8')).toBe(text);
    await expect(repo.readReply()).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await startCli(['archive'], { cwd: repo.dir }).exited).stdout).toBe('code-debate archive: there is no reply.md: nothing to archive.\n');
  });
});
