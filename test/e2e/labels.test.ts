import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

// Live debates between two real processes whose agents answer in the styles models write: the
// labels are read where they stand, the ledger, the CONSENSUS and the exit code follow, and
// `show --json` reads the same.
const repos = useDebateRepos();

const review = '### R1. Config writer trusts its input\n**Severity:** high\n**Evidence:** `src/app.js:2`\n\nThe name is logged unchecked.\n';

interface Report {
  outcome: string;
  points: Array<{ id: string; status: string; reviewer: string | null; responder: string | null; severity: string | null }>;
}

async function debate(script: Record<string, unknown>, args: readonly string[] = []) {
  const repo = await repos.repo();
  const agent = await repo.script('agent', script);
  const cli = ['--agent', scriptedAgent(agent.script, agent.log), ...args, 'HEAD'];
  const reviewer = startCli(cli, { cwd: repo.dir });
  await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
  const responder = startCli(cli, { cwd: repo.dir });
  const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
  const calls = (await readFile(agent.log, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { env: Record<string, string> }).env.CODE_DEBATE_TURN);
  const shown = await startCli(['show', '--json'], { cwd: repo.dir }).exited;
  return { codes: [a.code, b.code], stderr: a.stderr + b.stderr, text: await repo.readReply(), calls, report: JSON.parse(shown.stdout) as Report };
}

describe('labels where models write them, in a live debate', () => {
  it('`### R1. Agreed` ends the debate at the first try: one Response call, no re-ask', async () => {
    const run = await debate({ review, response: '### R1. Agreed\nThe check goes in before the write.\n' });
    // Agreed, the high point is a confirmed problem: it blocks, as the verdict follows from the label.
    expect(run.codes, run.stderr).toEqual([1, 1]);
    expect(run.stderr).toContain('all points settled; 1 confirmed problem blocks (high or worse): R1 (high).');
    expect(run.calls.filter((turn) => turn === 'response')).toHaveLength(1);
    expect(run.stderr).not.toContain('could not be used');
    expect(headingsOf(run.text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(run.report.points).toMatchObject([{ id: 'R1', status: 'resolved', responder: 'agreed' }]);
  });

  // A table row is no place a label can be read without a guess: the agent is asked again, and its heading answer is written.
  it('an answer given as a table is not read: it goes back to the agent, and the answer under a heading is written', async () => {
    const run = await debate(
      {
        review,
        response: {
          attempts: ['| Point | Verdict | Why |\n|---|---|---|\n| R1 | **Disagreed** | the name is checked upstream |\n', '### R1 — Disagreed\n\nThe name is checked upstream.\n'],
        },
        'follow-up': '### R1 — Withdrawn\nThe name is checked upstream, as the Responder says.\n',
      },
      ['--block-on', 'high'],
    );
    expect(run.codes, run.stderr).toEqual([0, 0]);
    expect(run.calls.filter((turn) => turn === 'response')).toHaveLength(2);
    expect(run.stderr).toContain("the agent's ## Response 1 could not be used (R1 is not answered");
    expect(run.text).toContain('### R1 — Disagreed\n\n**Evidence:** none\n\nThe name is checked upstream.');
    expect(run.report.points).toMatchObject([{ id: 'R1', status: 'withdrawn', responder: 'disagreed', reviewer: 'withdrawn' }]);
  });

  it('`### R1. Maintained` over prose that says "accepts" keeps a high point disputed: the CONSENSUS says so, exit 1', async () => {
    const run = await debate(
      {
        review,
        response: [1, 2].map((n) => `### R1. Config writer trusts its input\n**Disagreed**: the loader agreed to retry, reason ${n}${' more'.repeat(n)}.\n`),
        'follow-up': '### R1. Maintained\nThe config writer accepts user edits, so the input reaches `src/app.js:2` unchecked.\n',
      },
      ['--max-rounds', '2', '--block-on', 'high'],
    );
    expect(run.codes, run.stderr).toEqual([1, 1]);
    expect(run.stderr).toContain('1 disputed point blocks (high or worse): R1 (high).');
    expect(run.text).toContain('**Outcome:** limit reached');
    expect(run.report.points).toMatchObject([{ id: 'R1', status: 'open', responder: 'disagreed', reviewer: 'maintained' }]);
  });
});
