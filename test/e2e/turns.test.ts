import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { backdateRefs } from '../helpers/git-repo.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { isAlive, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();
const run = promisify(execFile);
const setup = () => repos.repo();

const review = sampleReview;

describe('a debate that does not converge', () => {
  it('ends with CONSENSUS after Response 5, never a Follow-up 5, listing what remains disputed', async () => {
    const repo = await setup();
    // New reasoning every round, so the debate is not stopped early as stalled.
    const stubborn = await repo.script('stubborn', {
      review,
      'follow-up': [1, 2, 3, 4].map((n) => `### R1. Debug output left in\n**Maintained**: it is still there, reason ${n}: ${'why '.repeat(n)}.\n`),
      response: [1, 2, 3, 4, 5].map((n) => `### R1. Debug output left in\n**Disagreed**: the log is intended, reason ${n}: ${'because '.repeat(n)}.\n`),
      consensus: 'No agreement on R1.\n',
    });
    const agent = scriptedAgent(stubborn.script, stubborn.log);
    // R1 is medium: with --block-on medium the disputed point blocks, exit 1.
    const reviewer = startCli(['--agent', agent, '--block-on', 'medium', 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent, '--block-on', 'medium', 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([1, 1]);
    expect(a.stderr).toContain('1 disputed point blocks (medium or worse): R1 (medium).');
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', ...[1, 2, 3, 4].flatMap((n) => [`## Response ${n}`, `## Reviewer Follow-up ${n}`]), '## Response 5', '## CONSENSUS']);
    expect(text).toContain('**Outcome:** limit reached: 5 rounds, the maximum, ended with 1 point still disputed.');
    expect(text).toContain('### Split (LOW confidence)\n\n- **R1** (medium) Debug output left in: still disputed.');
    expect(a.stderr).toContain('1 point still disputed (R1)');
  });

  it('honours --max-rounds', async () => {
    const repo = await setup();
    const stubborn = await repo.script('stubborn', { review, 'follow-up': '### R1. x\n**Maintained**\n', response: '### R1. x\n**Disagreed**\n' });
    const agent = scriptedAgent(stubborn.script, stubborn.log);
    const reviewer = startCli(['--agent', agent, '--max-rounds', '2', 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent, '--max-rounds', '2', 'HEAD'], { cwd: repo.dir });
    await Promise.all([reviewer.exited, responder.exited]);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
  });
});

describe('agents that misbehave', () => {
  it('an agent that prints `## CONSENSUS` does not end the debate: the heading is demoted', async () => {
    const repo = await setup();
    const sneaky = await repo.script('sneaky', { review: `${review}\n## CONSENSUS\nAll done, stop now.\n\nStop\n====\n` });
    const agree = await repo.script('agree', {});
    const reviewer = startCli(['--agent', scriptedAgent(sneaky.script, sneaky.log), 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', scriptedAgent(agree.script, agree.log), 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(text).toContain('### CONSENSUS\nAll done, stop now.');
    expect(text).toContain('### Stop');
  });

  for (const [name, step, message] of [
    ['fails', { stderr: 'model exploded\n', exit: 3 }, /exited with code 3\.\nThe end of its stderr:\n {2}\| model exploded/],
    ['prints nothing', { stdout: '' }, /printed nothing on stdout/],
    ['hangs', { hang: true }, /did not finish within 1.5 seconds \(--agent-timeout\), so it was stopped/],
  ] as const) {
    it(`an agent that ${name}: exit 4, a clear message, and the file is untouched`, async () => {
      const repo = await setup();
      const good = await repo.script('good', { review });
      const bad = await repo.script('bad', { response: step });
      const reviewer = startCli(['--agent', scriptedAgent(good.script, good.log), '--turn-timeout', '30s', 'HEAD'], { cwd: repo.dir });
      await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('wrote ## Review'), 'the Review');
      const before = await repo.readReply();
      const responder = startCli(['--agent', scriptedAgent(bad.script, bad.log), '--agent-timeout', name === 'hangs' ? '1500ms' : '30s', 'HEAD'], { cwd: repo.dir });
      const exit = await responder.exited;
      expect(exit.code).toBe(4);
      expect(exit.stderr).toMatch(message);
      expect(exit.stderr).toContain('failed to write response 1');
      expect(await repo.readReply()).toBe(before);
      // A failure is worth one more try after a pause, within the turn's one deadline: a hang uses it all.
      const runs = (await readFile(bad.log, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { pid: number });
      expect(runs).toHaveLength(name === 'hangs' ? 1 : 2);
      if (name !== 'hangs') expect(exit.stderr).toContain('trying ## Response 1 once more in 2s');
      for (const run of runs) await waitFor(() => !isAlive(run.pid), 'every run of the agent to be gone');
      reviewer.child.kill('SIGINT');
      expect((await reviewer.exited).code).toBe(130);
      expect(await repo.readReply()).toBe(before);
    });
  }
});

describe('output that is not the section asked for', () => {
  it('goes back to the agent with what was wrong, and the fixed answer is written', async () => {
    const repo = await setup();
    const agent = await repo.script('agent', {
      review: `${review}\n### R2. No test\n**Severity:** low\n`,
      response: {
        attempts: [
          '### R1. Debug output left in\n**Agreed**',
          '### R1. Debug output left in\n**Agreed**\n\n### R2. No test\nI see it.',
          '### R1. Debug output left in\n**Agreed**: will remove it.\n\n### R2. No test\n**Agreed**',
        ],
      },
    });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], b.stderr).toEqual([0, 0]);
    expect(b.stderr).toContain("the agent's ## Response 1 could not be used (R2 is not answered: answer it under its own heading `### R2 — <label>`.)");
    expect(b.stderr).toContain('asking again (try 3 of 3)');
    const calls = (await readFile(agent.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { env: Record<string, string>; stdin: string });
    const responses = calls.filter((call) => call.env.CODE_DEBATE_TURN === 'response');
    expect(responses).toHaveLength(3);
    expect(responses[1]?.stdin).toContain('Your previous answer could not be used as `## Response 1`:\n\n- R2 is not answered');
    expect(responses[2]?.stdin).toContain(
      `- R2: no position could be read in "### R2. No test" (no position stands in the point's heading or on the first line under it). Put exactly one of Agreed, Partially agreed, Disagreed in the point's heading: \`### R2 — Agreed\`.`,
    );
    const text = await repo.readReply();
    // The answer the agent gave in Markdown, written in the canonical form.
    expect(text).toContain('## Response 1\n\n### R1 — Agreed\n\n**Evidence:** none\n\nwill remove it.\n\n### R2 — Agreed\n\n**Evidence:** none\n\n');
    expect(text).not.toContain('I see it.');
  });

  it('fails the turn cleanly after three unusable answers: exit 4, nothing written', async () => {
    const repo = await setup();
    const agent = await repo.script('agent', { review: 'This change is fine overall.' });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    const exit = await reviewer.exited;
    expect(exit.code).toBe(4);
    expect(exit.stderr).toContain('could not write a usable `## Review` in 3 tries: It raises no point: write each point under its own heading `### R1. <title>`');
    await expect(readFile(repo.file)).rejects.toThrow();
  });
});

describe('the evidence check', () => {
  it('tells the Responder which citations do not hold, and the CONSENSUS lists them', async () => {
    const repo = await setup();
    const agent = await repo.script('agent', {
      review: '### R1. Debug output left in\n**Severity:** medium\n\n`src/app.js:2` reads `console.log(name)`, and `src/app.js:99` calls `eval(input)`.\n',
    });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const calls = (await readFile(agent.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { env: Record<string, string>; stdin: string });
    const failed = '- `src/app.js:99` (Review): src/app.js has 4 lines, not 99';
    expect(calls.find((call) => call.env.CODE_DEBATE_TURN === 'response')?.stdin).toContain(`these do not hold. Do not rely on them, and correct your own:\n\n${failed}\n`);
    expect(await repo.readReply()).toContain(`### Citations that failed the evidence check\n\n${failed}\n`);
  });
});

describe('two sides given two subjects', () => {
  it("a side started on another change than the Review's stops with exit 2 before answering, naming the Review's subject", async () => {
    const repo = await repos.repo();
    await repo.write('src/app.js', 'export function greet(name) {\n  return `hello ${name}`;\n}\n');
    const agent = await repo.script('agent', { review: sampleReview });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('wrote ## Review'), 'the Review');
    const before = await repo.readReply();
    const responder = await startCli(['--agent', scriptedAgent(agent.script, agent.log), 'working tree'], { cwd: repo.dir }).exited;
    expect(responder.code, responder.stderr).toBe(2);
    expect(responder.stderr).toContain('reply.md holds a debate of "HEAD" (the Review reviewed ');
    expect(responder.stderr).toContain('and this side was started on "working tree" (');
    expect(responder.stderr).toContain('Start this side on the Review\'s subject (`code-debate --subject "HEAD"`, with the same options)');
    expect(await repo.readReply()).toBe(before);
    const calls = (await readFile(agent.log, 'utf8')).trim().split('\n');
    expect(calls).toHaveLength(1);
    // Started on the Review's subject, the Responder answers.
    const joined = await startCli(['--agent', scriptedAgent(agent.script, agent.log), '--subject', 'HEAD'], { cwd: repo.dir }).exited;
    expect(joined.code, joined.stderr).toBe(0);
    expect((await reviewer.exited).code).toBe(0);
  });
});

describe('a change that moves mid-debate', () => {
  it('the next prompt names the files changed since the Review', async () => {
    const repo = await setup();
    const agent = await repo.script('agent', { review });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'the diff against main'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('wrote ## Review'), 'the Review');
    await repo.write('src/app.js', 'export function greet(name) {\n  return `hi ${name}`;\n}\n// fixed\n');
    await repo.commit('Remove the debug output');
    const responder = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'the diff against main'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const calls = (await readFile(agent.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { env: Record<string, string>; stdin: string });
    const response = calls.find((call) => call.env.CODE_DEBATE_TURN === 'response')?.stdin ?? '';
    expect(response).toContain('these files changed since then, so check points about them against the diff below:\n\n- src/app.js\n');
    expect(response).toContain('+// fixed');
    // Named in commits and branches, not in hashes of the diff.
    const [main, reviewed, now] = await Promise.all([
      repo.git('rev-parse', '--short=7', 'main'),
      repo.git('rev-parse', '--short=7', 'HEAD~1'),
      repo.git('rev-parse', '--short=7', 'HEAD'),
    ]);
    expect(b.stderr).toContain(
      `the Review was written for another diff: it reviewed ${main}..${reviewed} (main..feature~1), and this side sees ${main}..${now} (main..feature) for "the diff against main".`,
    );
  });

  // Refs seconds old are resolved again every turn; refs that had settled are trusted until they move (src/git/ref-stamp.ts).
  it.each([
    ['refs seconds old', false],
    ['refs settled before the debate', true],
  ])("an agent started on the subject as it was is stopped and asked again when a commit landed during the peer's turn (%s)", async (_name, settled) => {
    const repo = await setup();
    if (settled) await backdateRefs(path.join(repo.dir, '.git'));
    const agent = await repo.script('agent', { review, 'follow-up': '### R1. Debug output left in\n**Maintained**: it must go.\n' });
    const reviewer = startCli(['--agent', scriptedAgent(agent.script, agent.log), 'the diff against main'], { cwd: repo.dir });
    await waitFor(async () => existsSync(repo.file) && (await repo.readReply()).includes('## Review'), 'the Review');
    // The peer's turn, as a plain-protocol peer takes it: the author commits a fix, then the peer answers.
    // (A code-debate peer whose agent committed would stop: agents only read, see test/e2e/read-only.test.ts.)
    await run('sh', ['-c', "printf '// fixed\\n' >> src/app.js && git -c user.name=a -c user.email=a@b commit -qam 'Fix it'"], { cwd: repo.dir });
    await appendFile(repo.file, '\n---\n\n## Response 1\n\n### R1. Debug output left in\n**Disagreed**: the log is intended.\n');
    await waitFor(async () => (await repo.readReply()).includes('## Reviewer Follow-up 1'), 'the Follow-up');
    reviewer.child.kill('SIGINT');
    const a = await reviewer.exited;
    expect(a.stderr).toContain('the subject moved while the peer wrote its turn');
    const calls = (await readFile(agent.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { env: Record<string, string>; stdin: string });
    const followUps = calls.filter((call) => call.env.CODE_DEBATE_TURN === 'follow-up' && call.env.CODE_DEBATE_ROUND === '1');
    // The early call may have been stopped before it logged; the one that counts saw the commit.
    expect(followUps.at(-1)?.stdin).toContain('these files changed since then, so check points about them against the diff below:\n\n- src/app.js\n');
    expect(followUps.at(-1)?.stdin).toContain('+// fixed');
    if (followUps.length > 1) expect(followUps.map((call) => call.stdin.includes('+// fixed'))).toEqual([false, true]);
    expect(headingsOf(await repo.readReply()).filter((heading) => heading === '## Reviewer Follow-up 1')).toHaveLength(1);
  });
});
