import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { scriptedAgent, startCli, type Exit, waitWhileRunning } from '../helpers/run-cli.js';

const repos = useDebateRepos();

const twoPoints =
  '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nRemove it.\n\n' + '### R2. No test for the greeting\n**Severity:** low\n\nAdd one.\n';

/** Both sides with one scripted agent, the Reviewer first; resolves when both have exited. */
async function debate(repo: DebateRepo, script: unknown, options: { reviewer?: string[]; responder?: string[] } = {}): Promise<{ reviewer: Exit; responder: Exit; log: string }> {
  const files = await repo.script('agent', script);
  const agent = scriptedAgent(files.script, files.log);
  const reviewer = startCli(['--agent', agent, ...(options.reviewer ?? []), 'HEAD'], { cwd: repo.dir });
  await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
  const responder = startCli(['--agent', agent, ...(options.responder ?? []), 'HEAD'], { cwd: repo.dir });
  const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
  return { reviewer: a, responder: b, log: files.log };
}

interface Call {
  env: Record<string, string>;
  stdin: string;
}

async function calls(log: string): Promise<Call[]> {
  return (await readFile(log, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Call);
}

async function showJson(repo: DebateRepo): Promise<{ outcome: string; stalledRounds: number[]; points: Array<{ id: string; confidence: string }> }> {
  const shown = await startCli(['show', '--json'], { cwd: repo.dir }).exited;
  return JSON.parse(shown.stdout) as { outcome: string; stalledRounds: number[]; points: Array<{ id: string; confidence: string }> };
}

describe('the ledger runs the debate', () => {
  it('stops early when a whole round restates both positions, and writes the CONSENSUS with what remains', async () => {
    const repo = await repos.repo();
    const { reviewer, responder } = await debate(repo, {
      review: twoPoints,
      response: '### R1. Debug output left in\n**Disagreed**: the log is intended for support.\n\n### R2. No test\n**Disagreed**: the greeting is trivial.\n',
      'follow-up': '### R1. Debug output left in\n**Maintained**: support has its own logger.\n\n### R2. No test\n**Maintained**: trivial code breaks too.\n',
      consensus: 'Neither side moved after round 2.\n',
    });
    // Still disputed, but medium and low: below the default --block-on high, nothing blocks.
    expect([reviewer.code, responder.code], reviewer.stderr + responder.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    // Round 2 brings the follow-up's first reasoning; round 3 repeats both sides word for word.
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## Reviewer Follow-up 2', '## Response 3', '## CONSENSUS']);
    expect(text).toContain('**Outcome:** stalled: round 3 brought no new reasoning on any open point, so the debate stopped early with 2 points still disputed.');
    expect(text).toContain('### Split (LOW confidence)\n\n- **R1** (medium) Debug output left in: still disputed.');
    expect(text).toContain('- Round 3 brought no new reasoning on any open point.');
    expect(reviewer.stderr).toContain(
      'The debate stopped early, as a round brought no new reasoning, and 2 points still disputed (R1, R2). Nothing at or above high is left to fix.',
    );
    // Both sides hear of the stall in the round it is found.
    for (const side of [reviewer, responder]) expect(side.stderr).toContain('round 3 done: DIVERGENT; it brought no new reasoning on any open point (a stall');
    expect(responder.stderr).not.toContain('round 2 done: NARROWING; it brought no new reasoning');
    const report = await showJson(repo);
    expect(report.outcome).toBe('stalled');
    expect(report.stalledRounds).toEqual([3]);
  });

  it('writes the CONSENSUS right after the Response that resolves every point, with the points as HIGH confidence', async () => {
    const repo = await repos.repo();
    const { reviewer, responder } = await debate(repo, {
      review: sampleReview,
      response: '### R1. Debug output left in\n**Agreed**: `src/app.js:2` goes.\n',
      consensus: 'The debug line goes.\n',
    });
    expect([reviewer.code, responder.code]).toEqual([0, 0]);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    const consensus = text.slice(text.indexOf('## CONSENSUS'));
    expect(consensus).toContain('**Outcome:** consensus: every point is resolved after 1 round.\n\n### Summary\n\nThe debug line goes.');
    expect(consensus).toContain('### Confirmed (HIGH confidence)\n\n- **R1** (medium) Debug output left in: agreed in Response 1. `src/app.js:2` goes.');
    expect(consensus).toContain('### Action items\n\n1. **R1** (medium) Debug output left in: fix. `src/app.js:2` goes.');
    expect((await showJson(repo)).points).toMatchObject([{ id: 'R1', confidence: 'HIGH' }]);
  });

  it('keeps the prompt flat as the rounds grow: open points, the last section and the ledger, not the whole file', async () => {
    const repo = await repos.repo();
    // Fresh reasoning every round, so the debate runs all five, each section a few KB.
    const reasoning = (side: string, round: number) => `${side} reasoning for round ${round}: ${Array.from({ length: 700 }, (_, i) => `w${round}x${i}`).join(' ')}.`;
    const { reviewer, responder, log } = await debate(repo, {
      review: sampleReview,
      response: [1, 2, 3, 4, 5].map((n) => `### R1. Debug output left in\n**Disagreed**: ${reasoning('responder', n)}\n`),
      'follow-up': [1, 2, 3, 4].map((n) => `### R1. Debug output left in\n**Maintained**: ${reasoning('reviewer', n)}\n`),
      consensus: 'No agreement.\n',
    });
    expect([reviewer.code, responder.code], reviewer.stderr + responder.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expect(headingsOf(text).at(-2)).toBe('## Response 5');
    const prompts = (await calls(log)).filter((call) => call.env.CODE_DEBATE_TURN === 'response').map((call) => Buffer.byteLength(call.stdin));
    expect(prompts).toHaveLength(5);
    // The file grows by two sections a round; the prompt carries one section, whatever the round.
    expect(Buffer.byteLength(text)).toBeGreaterThan(prompts[1]! * 3);
    for (const bytes of prompts.slice(2)) expect(Math.abs(bytes - prompts[1]!)).toBeLessThan(prompts[1]! * 0.05);
    // Each side reports what it sent, turn by turn, when the debate ends.
    expect(responder.stderr).toMatch(/prompts sent to the agent: Response 1 [\d.]+ KB, Response 2 [\d.]+ KB, Response 3 [\d.]+ KB, Response 4 [\d.]+ KB, Response 5 [\d.]+ KB/);
  });

  it('--stance devils-advocate asks the Responder for the assumptions and the opposite case, and only the Responder', async () => {
    const repo = await repos.repo();
    const { reviewer, responder, log } = await debate(
      repo,
      {
        review: sampleReview,
        response: '**Assumptions:** the log is read by nobody.\n\n### R1. Debug output left in\n**Agreed**: the opposite case fails, `src/app.js:2` goes.\n',
      },
      { reviewer: ['--stance', 'devils-advocate'], responder: ['--stance', 'devils-advocate'] },
    );
    expect([reviewer.code, responder.code]).toEqual([0, 0]);
    const byTurn = Object.fromEntries((await calls(log)).map((call) => [call.env.CODE_DEBATE_TURN, call.stdin]));
    expect(byTurn.response).toContain("Your stance is devil's advocate (--stance devils-advocate).");
    expect(byTurn.review).not.toContain("devil's advocate");
    expect(reviewer.stderr).toContain("--stance devils-advocate shapes the Responder's answers; this side is the Reviewer, so it is ignored.");
  });
});
