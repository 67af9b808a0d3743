import { appendFile, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { scriptedAgent, startCli, type Exit, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Agents that answer every turn in the JSON the turn's schema asks for. */
const inJson = {
  review: json({
    summary: 'The change logs the name it greets.',
    points: [
      {
        title: 'Debug output left in',
        severity: 'medium',
        evidence: [{ path: 'src/app.js', line: 2, endLine: null }],
        reasoning: '`console.log(name)` leaks the name into the logs.',
      },
    ],
  }),
  response: json({
    summary: '',
    answers: [{ id: 'R1', label: 'Disagreed', reasoning: 'The log is how support traces a greeting; it stays.', evidence: [{ path: 'src/app.js', line: 2, endLine: null }] }],
    newPoints: [
      {
        title: 'The name is logged unescaped',
        severity: 'critical',
        evidence: [{ path: 'src/app.js', line: 2, endLine: null }],
        reasoning: 'A name with a newline forges log lines: **Agreed** by nobody yet.',
      },
    ],
  }),
  'follow-up': json({
    summary: '',
    positions: [{ id: 'R1', position: 'Withdrawn', reasoning: 'Support needs the line; fair.', severity: null }],
    answers: [{ id: 'F1', label: 'Agreed', reasoning: 'A newline in the name forges a log line.', evidence: [] }],
    newPoints: [],
  }),
  consensus: 'R1 was withdrawn; F1, the Responder’s finding, is confirmed.\n',
};

/** Both sides with one scripted agent, the Reviewer first; resolves when both have exited. */
async function debate(repo: DebateRepo, script: unknown): Promise<{ reviewer: Exit; responder: Exit; log: string }> {
  const files = await repo.script('agent', script);
  const agent = scriptedAgent(files.script, files.log);
  const reviewer = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
  await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
  const responder = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
  const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
  return { reviewer: a, responder: b, log: files.log };
}

async function calls(log: string): Promise<Array<{ env: Record<string, string>; stdin: string }>> {
  return (await readFile(log, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { env: Record<string, string>; stdin: string });
}

describe('agents answer in JSON, code-debate writes the sections', () => {
  it("debates to the end at every first try; the Responder's own finding is answered, reaches the CONSENSUS and blocks", async () => {
    const repo = await repos.repo();
    const { reviewer, responder, log } = await debate(repo, inJson);
    const text = await repo.readReply();
    // F1 is critical and confirmed: at or above the default --block-on high, both sides exit 1.
    expect([reviewer.code, responder.code], reviewer.stderr + responder.stderr).toEqual([1, 1]);
    expect(reviewer.stderr + responder.stderr).not.toContain('could not be used');
    expect((await calls(log)).map((call) => call.env.CODE_DEBATE_TURN)).toEqual(['review', 'response', 'follow-up', 'consensus']);
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
    // Each section in the canonical form, rendered from the data.
    expect(text).toContain(
      'The change logs the name it greets.\n\n### R1. Debug output left in\n\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\n`console.log(name)` leaks the name into the logs.',
    );
    expect(text).toContain('### R1 — Disagreed\n\n**Evidence:** `src/app.js:2`\n\nThe log is how support traces a greeting; it stays.');
    expect(text).toContain('### F1. The name is logged unescaped\n\n**Severity:** critical\n**Evidence:** `src/app.js:2`');
    expect(text).toContain('### R1 — Withdrawn\n\n**Severity:** unchanged\n\nSupport needs the line; fair.');
    expect(text).toContain('### F1 — Agreed\n\n**Evidence:** none\n\nA newline in the name forges a log line.');
    // Nothing was left to answer: code-debate wrote Response 2 itself, and signs it as its own.
    expect(text).toMatch(/## Response 2\n\nEvery point is resolved; nothing is left to answer\.\n\n<!-- code-debate usage \{\} -->\n\*— Responder · code-debate · /);
    expect(responder.stderr).toContain('code-debate wrote ## Response 2 itself: nothing was left to answer');
    expect(responder.stderr).not.toContain('wrote ## Response 2 in');
    const consensus = text.slice(text.indexOf('## CONSENSUS'));
    expect(consensus).toContain('- **F1** (critical) The name is logged unescaped: agreed in Reviewer Follow-up 1. A newline in the name forges a log line.');
    expect(consensus).toContain('### Withdrawn\n\n- **R1** (medium) Debug output left in: withdrawn in Reviewer Follow-up 1.');
    expect(reviewer.stderr).toContain('1 confirmed problem blocks (high or worse): F1 (critical)');
    const shown = JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as {
      points: Array<{ id: string; owner: string; status: string; answer: string | null }>;
    };
    expect(shown.points.map(({ id, owner, status, answer }) => ({ id, owner, status, answer }))).toEqual([
      { id: 'R1', owner: 'reviewer', status: 'withdrawn', answer: 'disagreed' },
      { id: 'F1', owner: 'responder', status: 'resolved', answer: 'agreed' },
    ]);
  });

  it('shows each agent the schema of its turn, with the ids it may answer as an enum', async () => {
    const repo = await repos.repo();
    const { log } = await debate(repo, inJson);
    const [review, response, followUp] = await calls(log);
    expect(review?.stdin).toContain('Answer with one JSON object and nothing else');
    expect(response?.stdin).toMatch(/"answers": \{[\s\S]*"enum": \[\s*"R1"\s*\]/);
    // The follow-up answers F1 and holds R1: both enums, and nothing settled.
    expect(followUp?.stdin).toMatch(/"answers": \{[\s\S]*"enum": \[\s*"F1"\s*\]/);
    expect(followUp?.stdin).toMatch(/"positions": \{[\s\S]*"enum": \[\s*"R1"\s*\]/);
  });

  it('sends an answer that breaks the schema back with the field that was wrong, and writes the fixed one', async () => {
    const repo = await repos.repo();
    const bad = json({ summary: '', answers: [{ id: 'R1', label: 'Mostly agreed', reasoning: 'x', evidence: [] }], newPoints: [] });
    const good = json({ summary: '', answers: [{ id: 'R1', label: 'Agreed', reasoning: 'It goes.', evidence: [] }], newPoints: [] });
    const { reviewer, responder, log } = await debate(repo, { ...inJson, response: { attempts: [bad, good] }, consensus: 'Agreed.\n' });
    expect([reviewer.code, responder.code]).toEqual([0, 0]);
    const second = (await calls(log)).filter((call) => call.env.CODE_DEBATE_TURN === 'response')[1];
    expect(second?.stdin).toContain('- answers[0].label: Invalid option: expected one of "Agreed"|"Partially agreed"|"Disagreed".');
    expect(second?.stdin).toContain('Answer again with the whole JSON object, fixed.');
    expect(await repo.readReply()).toContain('### R1 — Agreed\n\n**Evidence:** none\n\nIt goes.');
  });

  it('keeps a Markdown remark on a settled point as text, and asks no agent again for it', async () => {
    const repo = await repos.repo();
    const twoPoints = json({
      summary: '',
      points: [
        { title: 'Debug output left in', severity: 'medium', evidence: [], reasoning: 'Remove it.' },
        { title: 'No test', severity: 'low', evidence: [], reasoning: 'Add one.' },
      ],
    });
    const { reviewer, responder } = await debate(repo, {
      review: twoPoints,
      response: ['### R1. Debug output left in\n**Agreed**: it goes.\n\n### R2. No test\n**Disagreed**: it is trivial.\n', '### R2 — Agreed\n\nAdding one.\n'],
      'follow-up': '### R1. Maintained\n\nGood that it goes.\n\n### R2. No test\n**Maintained**: trivial code breaks too.\n',
      consensus: 'Both go.\n',
    });
    expect([reviewer.code, responder.code], reviewer.stderr + responder.stderr).toEqual([0, 0]);
    expect(reviewer.stderr).not.toContain('could not be used');
    const text = await repo.readReply();
    expect(text).toContain('*On R1, already settled:* Good that it goes.\n\n### R2 — Maintained');
  });

  it("warns about a peer's label it cannot read, quoting the line, and leaves the point open", async () => {
    const repo = await repos.repo();
    const files = await repo.script('agent', { ...inJson, consensus: 'R1 is still open.\n' });
    const reviewer = startCli(['--agent', scriptedAgent(files.script, files.log), '--max-rounds', '1', 'HEAD'], { cwd: repo.dir });
    await waitFor(async () => (await repo.readReply().catch(() => '')).includes('*— Reviewer'), 'the Review');
    // A plain peer (or a person) appends its Response by hand, with a qualified label.
    await appendFile(repo.file, '\n---\n\n## Response 1\n\n### R1\n**Agreed** (in part): the log goes, the test does not.\n');
    const exit = await reviewer.exited;
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stderr).toContain(
      'Response 1: no position could be read for R1 in "**Agreed** (in part): the log goes, the test does not." (the label is followed by "(in part): the log g"); R1 stays as it was.',
    );
    const text = await repo.readReply();
    expect(text).toContain('### Split (LOW confidence)\n\n- **R1** (medium) Debug output left in: still disputed.');
  });
});
