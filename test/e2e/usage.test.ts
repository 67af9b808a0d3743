import { describe, expect, it } from 'vitest';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// What each turn cost travels in the file with its section: both sides, show and the CONSENSUS see the whole debate's spend.
const repos = useDebateRepos();
const reported = (inputTokens: number, outputTokens: number, costUsd: number) =>
  `code-debate-usage: ${JSON.stringify({ inputTokens, outputTokens, cachedInputTokens: 0, costUsd })}\n`;

describe('tokens and cost', () => {
  it('are read from each agent turn, written with its section, and summed by show and the CONSENSUS', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', {
      review: { stdout: sampleReview, stderr: reported(1_000, 200, 0.01) },
      response: { stdout: '### R1. Debug output left in\n**Agreed**: will remove it.\n', stderr: reported(1_500, 100, 0.02) },
      consensus: { stdout: 'Both agree: remove the debug output.\n', stderr: reported(2_000, 50, 0.005) },
    });
    const agent = scriptedAgent(script.script, script.log);
    const reviewer = startCli(['--agent', agent, '--json', 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text.match(/^<!-- code-debate usage \{.*\} -->$/gm)).toHaveLength(3);
    // Before the CONSENSUS was written: the Review and the Response.
    expect(text).toContain('### Spend\n\n2,500 in / 300 out tokens, $0.0300 over 2 sections.');
    const events = a.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; usage?: unknown });
    expect(events.filter((event) => event.type === 'agent-finished').map((event) => event.usage)).toEqual([
      { inputTokens: 1_000, outputTokens: 200, cachedInputTokens: 0, costUsd: 0.01 },
      { inputTokens: 2_000, outputTokens: 50, cachedInputTokens: 0, costUsd: 0.005 },
    ]);
    expect(b.stderr).toMatch(/wrote ## Response 1 in \S+: cmd:\S+ took \S+ \(1,500 in \/ 100 out tokens, \$0\.0200\); \d+ bytes, prompt /);

    const shown = await startCli(['show', '--json'], { cwd: repo.dir }).exited;
    const { usage } = JSON.parse(shown.stdout) as { usage: { sections: Array<Record<string, unknown>>; total: Record<string, unknown> } };
    expect(usage.sections.map((section) => [section.section, section.role, section.inputTokens])).toEqual([
      ['Review', 'Reviewer', 1_000],
      ['Response 1', 'Responder', 1_500],
      ['CONSENSUS', 'Reviewer', 2_000],
    ]);
    expect(usage.total).toEqual({ inputTokens: 4_500, outputTokens: 350, cachedInputTokens: 0, costUsd: 0.035 });
    const table = await startCli(['show'], { cwd: repo.dir }).exited;
    expect(table.stdout).toContain('Spend: 4,500 in / 350 out tokens, $0.0350 over 3 sections.');
  });

  it('a turn that fails still counts what its tries spent: the ended event says it, and the side writes it with its next section', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', {
      review: {
        attempts: [
          { stdout: 'Looks fine to me.\n', stderr: reported(1_000, 100, 0.01) },
          { stdout: 'Still fine.\n', stderr: reported(1_000, 100, 0.01) },
          { stdout: 'Fine.\n', stderr: reported(1_000, 100, 0.01) },
          { stdout: sampleReview, stderr: reported(500, 50, 0.005) },
        ],
      },
    });
    const agent = scriptedAgent(script.script, script.log);
    const failed = await startCli(['--agent', agent, '--json', 'HEAD'], { cwd: repo.dir }).exited;
    expect(failed.code, failed.stderr).toBe(4);
    const last = JSON.parse(failed.stdout.trim().split('\n').at(-1) ?? '{}') as { type: string; outcome: string; usage: unknown };
    expect(last).toMatchObject({ type: 'ended', outcome: 'agent-failed', usage: { inputTokens: 3_000, outputTokens: 300, cachedInputTokens: 0, costUsd: 0.03 } });
    // Started again, the Reviewer's fourth try is usable: its section carries all four tries.
    const reviewer = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    await waitFor(async () => (await repo.readReply().catch(() => '')).includes('*— Reviewer'), 'the Review');
    reviewer.child.kill('SIGINT');
    await reviewer.exited;
    expect(await repo.readReply()).toContain('<!-- code-debate usage {"inputTokens":3500,"outputTokens":350,"cachedInputTokens":0,"costUsd":0.035} -->');
  });

  it('an agent that cannot write the CONSENSUS narrative costs the narrative, not the CONSENSUS: code-debate writes it, its tries counted', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', {
      review: { stdout: sampleReview, stderr: reported(1_000, 200, 0.01) },
      response: { stdout: '### R1. Debug output left in\n**Agreed**: will remove it.\n', stderr: reported(1_500, 100, 0.02) },
      // A loop past --max-answer-bytes: refused whole, never retried.
      consensus: { stdout: 'Both agree. '.repeat(400), stderr: reported(700, 0, 0.001) },
    });
    const agent = scriptedAgent(script.script, script.log);
    const reviewer = startCli(['--agent', agent, '--json', '--max-answer-bytes', '2048', 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text).toContain('**Outcome:** consensus: every point is resolved after 1 round.');
    expect(text).not.toContain('Both agree.');
    expect(text).toMatch(/\*— Reviewer · code-debate · /);
    expect(a.stdout).toContain("code-debate writes the CONSENSUS without the agent's narrative");
    const events = a.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; by?: string; why?: string });
    expect(events.find((event) => event.type === 'turn-written' && event.by !== undefined)).toMatchObject({ by: 'code-debate', why: 'the agent could not write its narrative' });
    // Every try of the narrative was paid for: the CONSENSUS carries their spend.
    const consensus = text.slice(text.indexOf('## CONSENSUS'));
    expect(consensus).toContain('<!-- code-debate usage {"inputTokens":700,"outputTokens":0,"cachedInputTokens":0,"costUsd":0.001} -->');
  });

  it("a budget reached ends the debate at the Reviewer's next turn, with the outcome budget reached", async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', {
      review: { stdout: sampleReview, stderr: reported(1_000, 200, 0.01) },
      response: { stdout: '### R1. Debug output left in\n**Disagreed**: the log is intended.\n', stderr: reported(1_500, 100, 0.02) },
      consensus: { stdout: 'Out of budget; R1 is still disputed.\n', stderr: reported(100, 10, 0.001) },
    });
    const agent = scriptedAgent(script.script, script.log);
    const reviewer = startCli(['--agent', agent, '--max-tokens', '2500', 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    // R1 (medium) is still disputed: below --block-on high, so nothing blocks.
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text, 'budget reached');
    expect(text).toContain(
      '**Outcome:** budget reached: the debate spent 2,800 tokens ($0.0300), its budget of 2,500 tokens (--max-tokens), after 1 round, with 1 point still disputed.',
    );
    const shown = await startCli(['show', '--json'], { cwd: repo.dir }).exited;
    expect((JSON.parse(shown.stdout) as { outcome: string }).outcome).toBe('budget-reached');
  });

  it('says so when an agent reports nothing, and that a budget on it cannot be kept', async () => {
    const repo = await repos.repo();
    const reviewer = startCli(['--agent', 'builtin', '--max-cost', '0.50', 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', 'builtin', 'HEAD'], { cwd: repo.dir });
    const [a] = await Promise.all([reviewer.exited, responder.exited]);
    expect(a.stderr).toMatch(/wrote ## Review in \S+: builtin took \S+ \(usage not reported\)/);
    expect(a.stderr.match(/`builtin` reported no cost \(--max-cost\) for this turn: the budget counts only what agents report\./g)).toHaveLength(1);
    expect(await repo.readReply()).toContain('### Spend\n\nNo agent reported its usage.');
  });
});
