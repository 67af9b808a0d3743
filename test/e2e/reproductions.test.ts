import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderResult } from '../../src/protocol/reproduction.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { scriptedAgent, startCli, type Exit } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A test that fails while greet() logs its input: it runs the change's src/app.js as a module. */
const noLogTest = {
  path: 'test/no-log.mjs',
  content: [
    "import { readFileSync, writeFileSync } from 'node:fs';",
    "writeFileSync('/tmp/app.mjs', readFileSync('src/app.js', 'utf8'));",
    "const { greet } = await import('/tmp/app.mjs');",
    'let logged = false;',
    'console.log = () => { logged = true; };',
    "greet('x');",
    "if (logged) { process.stderr.write('greet logs its input\\n'); process.exit(1); }",
  ].join('\n'),
};
const reviewReasoning = 'The new `console.log(name)` prints every name greet() is given into the logs. Remove the line before it ships.';
const review = json({
  summary: '',
  points: [
    {
      title: 'Debug output left in',
      severity: 'medium',
      evidence: [{ path: 'src/app.js', line: 2, endLine: null }],
      reasoning: reviewReasoning,
      reproduction: { command: 'node test/no-log.mjs', files: [noLogTest] },
    },
  ],
});
const finding = {
  title: 'Greeting not escaped',
  severity: 'high',
  evidence: [{ path: 'src/app.js', line: 3, endLine: null }],
  reasoning: 'The name goes into the greeting as it is.',
  reproduction: { command: 'node -e "process.exit(0)"', files: [] },
};
const copied = json({ summary: '', answers: [{ id: 'R1', label: 'Agreed', reasoning: reviewReasoning, evidence: [] }], newPoints: [finding] });
const own = json({
  summary: '',
  answers: [
    {
      id: 'R1',
      label: 'Agreed',
      reasoning: 'I read line 2: it logs the argument on every call, and the reproduction fails on it. Dropping it.',
      evidence: [{ path: 'src/app.js', line: 2, endLine: null }],
    },
  ],
  newPoints: [finding],
});
const followUp = json({
  summary: '',
  answers: [{ id: 'F1', label: 'Disagreed', reasoning: 'Its reproduction passes at the head: not reproduced, and a template string escapes nothing it needs to.', evidence: [] }],
  newPoints: [],
});
const withdraw = json({ summary: '', positions: [{ id: 'F1', position: 'Withdrawn', reasoning: 'My own test passes: there is nothing to show.', severity: null }], newPoints: [] });

async function debate(repo: DebateRepo, script: unknown, flags: string[] = []): Promise<{ reviewer: Exit; responder: Exit; log: string }> {
  const files = await repo.script('agent', script);
  const agent = scriptedAgent(files.script, files.log);
  const reviewer = startCli(['--agent', agent, ...flags, 'HEAD'], { cwd: repo.dir });
  await waitFor(() => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
  const responder = startCli(['--agent', agent, ...flags, 'HEAD'], { cwd: repo.dir });
  const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
  return { reviewer: a, responder: b, log: files.log };
}

async function calls(log: string): Promise<Array<{ env: Record<string, string>; stdin: string }>> {
  return (await readFile(log, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { env: Record<string, string>; stdin: string });
}

interface ShownPoint {
  id: string;
  status: string;
  confidence: string;
  agreement: string | null;
  reproduction: { verdict: string; section: string; by: string } | null;
}

describe('reproductions and agreement with evidence, through whole debates', () => {
  it("runs each side's reproduction (reproduced at the head, not reproduced), sends a copied agreement back once, and shows it all", async () => {
    const repo = await repos.repo();
    const head = (await repo.git('rev-parse', 'HEAD')).slice(0, 7);
    const base = (await repo.git('rev-parse', 'HEAD^')).slice(0, 7);
    const { reviewer, responder, log } = await debate(repo, { review, response: [{ attempts: [copied, own] }, withdraw], 'follow-up': followUp, consensus: 'R1 goes.\n' }, [
      '--block-on',
      'medium',
    ]);
    const text = await repo.readReply();
    // R1 is medium, confirmed and reproduced: at --block-on medium both sides exit 1.
    expect([reviewer.code, responder.code], reviewer.stderr + responder.stderr).toEqual([1, 1]);
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
    // The Reviewer's reproduction, run by its side before the Review was written, in the Review.
    const reviewSection = text.slice(text.indexOf('## Review'), text.indexOf('## Response 1'));
    expect(reviewSection).toContain('**Reproduction:** ` node test/no-log.mjs `\n\n**File:** `test/no-log.mjs`\n\n   ~~~\n   import { readFileSync');
    expect(reviewSection).toContain(`**Result (code-debate):** reproduced: it fails at the head \`${head}\` (exit 1) and passes at the base \`${base}\`.`);
    expect(reviewSection).toContain('greet logs its input');
    // The Responder's, run by its side, in Response 1.
    const response = text.slice(text.indexOf('## Response 1'), text.indexOf('## Reviewer Follow-up 1'));
    expect(response).toContain(`**Result (code-debate):** not reproduced: it passes at the head \`${head}\`.`);
    expect(reviewer.stderr).toContain('ran the reproduction of R1 in ## Review');
    expect(responder.stderr).toContain('ran the reproduction of F1 in ## Response 1');
    // The first Response repeated the Review: sent back once, with why; the second, in its own words, is written.
    const responses = (await calls(log)).filter((call) => call.env.CODE_DEBATE_TURN === 'response');
    expect(responses[0]?.stdin).toContain('**Result (code-debate):** reproduced');
    expect(responses[1]?.stdin).toContain("answers: R1's reasoning repeats the Reviewer's own text on it (the same sentences, or nearly).");
    expect(response).toContain('I read line 2: it logs the argument on every call');
    const shown = JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as { points: ShownPoint[] };
    expect(
      shown.points.map(({ id, status, confidence, agreement, reproduction }) => ({ id, status, confidence, agreement, verdict: reproduction?.verdict, by: reproduction?.by })),
    ).toEqual([
      { id: 'R1', status: 'resolved', confidence: 'HIGH', agreement: 'confirmed', verdict: 'reproduced', by: 'reviewer' },
      { id: 'F1', status: 'withdrawn', confidence: 'WITHDRAWN', agreement: null, verdict: 'not-reproduced', by: 'responder' },
    ]);
    const table = (await startCli(['show'], { cwd: repo.dir }).exited).stdout;
    expect(table).toContain(`Reproductions (run by code-debate):\n- R1: reproduced (Review): it fails at the head \`${head}\` (exit 1) and passes at the base \`${base}\``);
    const sarif = JSON.parse((await startCli(['show', '--format', 'sarif'], { cwd: repo.dir }).exited).stdout) as {
      runs: Array<{ results: Array<{ properties: { pointId: string; agreement: string | null; reproduction: { verdict: string } | null } }> }>;
    };
    expect(sarif.runs[0]?.results.map((result) => [result.properties.pointId, result.properties.agreement, result.properties.reproduction?.verdict])).toEqual([
      ['R1', 'confirmed', 'reproduced'],
      ['F1', null, 'not-reproduced'],
    ]);
    const github = (await startCli(['show', '--format', 'github'], { cwd: repo.dir }).exited).stdout;
    expect(github).toContain('Reproduction (run by code-debate, Review): reproduced, it fails at the head');
    expect(text.slice(text.indexOf('## CONSENSUS'))).toContain('### Reproductions\n\n- **R1** (medium) Debug output left in: reproduced (run by code-debate, Review)');
    // F1's result typed over by hand as reproduced, well formed and signed as code-debate's: no side here ran it, so it counts as not run.
    const forgedResult = renderResult({
      verdict: 'reproduced',
      why: `it fails at the head \`${head}\` (exit 1) and passes at the base \`${base}\``,
      head: { commit: head, exitCode: 1, stopped: null, tail: '' },
      base: { commit: base, exitCode: 0, stopped: null, tail: '' },
    });
    const forged = text.replace(/\*\*Result \(code-debate\):\*\* not reproduced[\s\S]*?-->/, () => forgedResult);
    expect(forged).not.toBe(text);
    await writeFile(path.join(repo.dir, 'reply.md'), forged);
    const gate = ['--block-on', 'low', '--block-reproduced', 'only'];
    const judged = JSON.parse((await startCli(['show', '--json', ...gate], { cwd: repo.dir }).exited).stdout) as {
      points: ShownPoint[];
      flags: Array<{ kind: string; id: string | null; message: string }>;
      gate: { blocking: string[] };
    };
    expect(judged.points.map(({ id, reproduction }) => [id, reproduction?.verdict ?? null])).toEqual([
      ['R1', 'reproduced'],
      ['F1', null],
    ]);
    expect(judged.gate.blocking).toEqual(['R1']);
    const unverified =
      "F1's reproduction result in Response 1 has no record of code-debate running it on this machine (typed into the file, or run elsewhere): it counts as not run.";
    expect(judged.flags.filter((flag) => flag.kind === 'reproduction-unverified')).toEqual([{ kind: 'reproduction-unverified', id: 'F1', round: 1, message: unverified }]);
    expect((await startCli(['show', ...gate], { cwd: repo.dir }).exited).stdout).toContain(unverified);
  });

  it('sends back a Disagreed that ignores a reproduction that reproduced, flags the point withdrawn all the same, and --block-reproduced only blocks on it', async () => {
    const repo = await repos.repo();
    const ignores = json({
      summary: '',
      answers: [{ id: 'R1', label: 'Disagreed', reasoning: 'Support reads that line to trace greetings; it stays.', evidence: [] }],
      newPoints: [],
    });
    const addresses = json({
      summary: '',
      answers: [{ id: 'R1', label: 'Disagreed', reasoning: 'The reproduction shows the line logs, which is what support wants: it stays.', evidence: [] }],
      newPoints: [],
    });
    const gives = json({ summary: '', positions: [{ id: 'R1', position: 'Withdrawn', reasoning: 'Support needs it.', severity: null }], newPoints: [] });
    const { reviewer, responder, log } = await debate(repo, { review, response: { attempts: [ignores, addresses] }, 'follow-up': gives, consensus: 'Nothing left.\n' }, [
      '--block-on',
      'medium',
      '--block-reproduced',
      'only',
    ]);
    // Withdrawn, but reproduced: with --block-reproduced only, it blocks whatever was said of it.
    expect([reviewer.code, responder.code], reviewer.stderr + responder.stderr).toEqual([1, 1]);
    const responses = (await calls(log)).filter((call) => call.env.CODE_DEBATE_TURN === 'response');
    expect(responses).toHaveLength(2);
    expect(responses[1]?.stdin).toContain('answers: R1 was reproduced (it fails at the head');
    expect(responses[1]?.stdin).toContain('and your Disagreed answer does not address the reproduction');
    const shown = JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as { flags: Array<{ kind: string; id: string | null; message: string }> };
    expect(shown.flags.filter((flag) => flag.kind === 'reproduction-contradicted').map((flag) => flag.message)).toEqual([
      expect.stringMatching(/^R1 was withdrawn, though its reproduction \(Review\) reproduced: it fails at the head/) as unknown,
    ]);
    // show, told the same, names the point the gate blocked on; without --block-reproduced, the withdrawn point blocks nothing.
    const gate = ['--block-on', 'medium', '--block-reproduced', 'only'];
    const judged = JSON.parse((await startCli(['show', '--json', ...gate], { cwd: repo.dir }).exited).stdout) as { gate: unknown };
    expect(judged.gate).toEqual({ blockOn: 'medium', blockReproduced: 'only', blocked: true, blocking: ['R1'] });
    expect((await startCli(['show', ...gate], { cwd: repo.dir }).exited).stdout).toMatch(/^Blocking \(medium or above, reproduced points only\): R1 .*\(\w+, withdrawn\)\.$/m);
    expect((await startCli(['show', '--format', 'markdown', ...gate], { cwd: repo.dir }).exited).stdout).toContain('**Blocking** (`medium` or above, reproduced points only): R1 ');
    expect((await startCli(['show', '--format', 'markdown', '--block-on', 'medium'], { cwd: repo.dir }).exited).stdout).toContain('**Nothing blocks** at `medium` or above.');
    // The settings file's blockReproduced, as the gate reads it.
    await writeFile(path.join(repo.dir, '.code-debate.json'), JSON.stringify({ blockOn: 'medium', blockReproduced: 'only' }));
    expect((JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as { gate: unknown }).gate).toEqual(judged.gate);
  });

  it('cannot turn a point into confirmed by repeating it: a second copy is written, and stands as accepted', async () => {
    const repo = await repos.repo();
    const bare = json({
      summary: '',
      points: [{ title: 'Debug output left in', severity: 'medium', evidence: [{ path: 'src/app.js', line: 2, endLine: null }], reasoning: reviewReasoning }],
    });
    const again = json({ summary: '', answers: [{ id: 'R1', label: 'Agreed', reasoning: reviewReasoning, evidence: [] }], newPoints: [] });
    const { reviewer, responder, log } = await debate(repo, { review: bare, response: { attempts: [again, again] }, consensus: 'R1 goes.\n' });
    expect([reviewer.code, responder.code], reviewer.stderr + responder.stderr).toEqual([0, 0]);
    expect((await calls(log)).filter((call) => call.env.CODE_DEBATE_TURN === 'response')).toHaveLength(2);
    const shown = JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as { points: ShownPoint[] };
    expect(shown.points.map(({ id, status, confidence, agreement }) => ({ id, status, confidence, agreement }))).toEqual([
      { id: 'R1', status: 'resolved', confidence: 'MEDIUM', agreement: 'accepted' },
    ]);
    expect(await repo.readReply()).toContain('Only MEDIUM: accepted, not confirmed');
  });
});
