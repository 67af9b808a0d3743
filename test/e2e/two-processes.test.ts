import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

const repos = useDebateRepos();
const setup = () => repos.repo();

describe('two code-debate processes', () => {
  it('debate to CONSENSUS: one Reviewer, headings in order, separators, signatures, both exit 0', async () => {
    const repo = await setup();
    const reviewer = await repo.script('reviewer', {
      review: '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\n`console.log(name)` ships to production.\n',
      'follow-up': '### R1. Debug output left in\n**Accepted**: removing it is enough.\n',
      consensus: 'Remove the debug output.\n',
    });
    const responder = await repo.script('responder', {
      response: '### R1. Debug output left in\n**Partially agreed**: it is debug output, but low severity.\n',
    });
    const first = startCli(['--agent', scriptedAgent(reviewer.script, reviewer.log), 'the diff against main'], { cwd: repo.dir });
    await waitWhileRunning(first, () => first.output().stderr.includes('I am the Reviewer'), 'the first process to claim the Reviewer');
    const second = startCli(['--agent', scriptedAgent(responder.script, responder.log), 'the diff against main'], { cwd: repo.dir });
    const [a, b] = await Promise.all([first.exited, second.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(b.stderr).toContain('I am the Responder');
    for (const side of [a, b]) expect(side.stderr).toMatch(/Re.+ {2}round 1 done: CONVERGING\n[^]*round 2 done: CONSENSUS\n/);

    const text = await repo.readReply();
    expect(text.startsWith('# Code Debate: the diff against main\n<!-- code-debate {"v":1,')).toBe(true);
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
    expect(text.match(/^---$/gm)).toHaveLength(4);
    const signatures = [...text.matchAll(/^\*— (Reviewer|Responder) · (cmd:.+|code-debate) · \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\*$/gm)].map(
      (m) => `${m[1]} ${m[2]?.startsWith('cmd:') ? 'cmd' : m[2]}`,
    );
    // Response 2 had nothing to answer: code-debate wrote it, and signs it as its own.
    expect(signatures).toEqual(['Reviewer cmd', 'Responder cmd', 'Reviewer cmd', 'Responder code-debate', 'Reviewer cmd']);
    expect(text).toContain('**Outcome:** consensus: every point is resolved after 2 rounds.');

    const calls = (await readFile(reviewer.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { env: Record<string, string>; stdin: string });
    expect(calls.map((call) => call.env.CODE_DEBATE_TURN)).toEqual(['review', 'follow-up', 'consensus']);
    expect(calls[0]?.env).toMatchObject({ CODE_DEBATE_ROLE: 'reviewer', CODE_DEBATE_ROUND: '1', CODE_DEBATE_FILE: repo.file, CODE_DEBATE_SUBJECT: 'the diff against main' });
    expect(calls[0]?.stdin).toContain('+  console.log(name);');
    // The follow-up accepted the only open point: Response 2 is owed by the protocol, not worth an agent call.
    expect((await readFile(responder.log, 'utf8')).trim().split('\n')).toHaveLength(1);
    expect(text).toContain('## Response 2\n\nEvery point is resolved; nothing is left to answer.');
  });
});
