import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvalReport } from '../../src/eval/eval-report.js';
import { caseAgent, writeGoldenDataset, writePlantedDataset, type TempDataset } from '../helpers/eval-dataset.js';
import { isAlive } from '../helpers/e2e.js';
import { startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const datasets: TempDataset[] = [];
afterEach(async () => {
  for (const dataset of datasets.splice(0)) await dataset.cleanup();
});

/** A file of `count` numbered lines, each a line of code a point may cite. */
const numbered = (name: string, count: number) => Array.from({ length: count }, (_, index) => `export const ${name}${index + 1} = ${index + 1};`).join('\n') + '\n';

// Three cases, their bugs known exactly: two bugs in one file (the first to be rated high or
// worse), one bug (high or worse), and a clean change. A tolerance of 2 lines.
const cases = {
  'two-bugs': {
    spec: {
      title: 'Two bugs',
      language: 'javascript',
      expected: [
        { file: 'src/app.js', line: 3, minSeverity: 'high', what: 'the first bug' },
        { file: 'src/app.js', line: 10, minSeverity: 'medium', what: 'the second bug' },
      ],
    },
    before: { 'src/app.js': numbered('a', 2) },
    after: { 'src/app.js': numbered('a', 30) },
  },
  'one-bug': {
    spec: { title: 'One bug', language: 'python', expected: [{ file: 'src/lib.js', line: 5, minSeverity: 'high', what: 'the bug' }] },
    before: { 'src/lib.js': numbered('l', 1) },
    after: { 'src/lib.js': numbered('l', 10), 'src/other.js': numbered('o', 3) },
  },
  clean: {
    spec: { title: 'A clean change', language: 'go', expected: [] },
    before: { 'src/app.js': numbered('c', 1) },
    after: { 'src/app.js': numbered('c', 5) },
  },
};

const at = (file: string, line: number) => [{ path: file, line, endLine: null }];
const raise = (title: string, severity: string, evidence: unknown[], command: string | null = null) => ({
  title,
  severity,
  evidence,
  reasoning: `${title}: it is wrong.`,
  reproduction: command === null ? null : { command, files: [] },
});
/** A reproduction that fails where `file` grew past four lines (every case's head) and passes where it did not (its base). */
const grew = (file: string) => `test $(wc -l < ${file}) -lt 5`;
const review = (...points: unknown[]) => JSON.stringify({ summary: '', points });
// An agreement cites a place of its own, so that it counts as confirmed, not only accepted.
const answer = (...answers: Array<[string, string]>) =>
  JSON.stringify({
    summary: '',
    answers: answers.map(([id, label]) => ({ id, label, reasoning: `${label}.`, evidence: label === 'Disagreed' ? [] : at('src/lib.js', 1) })),
    newPoints: [],
  });
const hold = (...positions: Array<[string, string, string | null]>) =>
  JSON.stringify({
    summary: '',
    positions: positions.map(([id, position, to]) => ({ id, position, reasoning: `${position}.`, severity: to === null ? null : { to, reason: 'it is less severe' } })),
    newPoints: [],
  });
const consensus = 'The debate is over.\n';

/** A Reviewer that finds every bug (at the least severity each case asks), and a Responder that agrees with all. */
const oracle = {
  'two-bugs': {
    review: review(raise('First bug', 'high', at('src/app.js', 3), grew('src/app.js')), raise('Second bug', 'medium', at('src/app.js', 10), grew('src/app.js'))),
    response: answer(['R1', 'Agreed'], ['R2', 'Agreed']),
    consensus,
  },
  'one-bug': { review: review(raise('The bug', 'high', at('src/lib.js', 5), grew('src/lib.js'))), response: answer(['R1', 'Agreed']), consensus },
  // The protocol asks a Review for a point: one that says nothing was found, citing nothing; its reproduction passes, as on a clean change.
  clean: { review: review(raise('Nothing to report', 'nit', [], 'true')), response: answer(['R1', 'Agreed']), consensus },
};

/**
 * A Reviewer that also invents findings, and a Responder that talks it out of a real bug: every
 * figure below is counted by hand from this script.
 */
const inventor = {
  'two-bugs': {
    review: review(raise('First bug', 'high', at('src/app.js', 3)), raise('Second bug', 'high', at('src/app.js', 10)), raise('Invented', 'medium', at('src/app.js', 25))),
    response: answer(['R1', 'Disagreed'], ['R2', 'Agreed'], ['R3', 'Disagreed']),
    'follow-up': hold(['R1', 'Withdrawn', null], ['R3', 'Withdrawn', null]),
    consensus,
  },
  'one-bug': {
    review: review(raise('The bug', 'high', at('src/lib.js', 5)), raise('Invented elsewhere', 'low', at('src/other.js', 1))),
    response: answer(['R1', 'Partially agreed'], ['R2', 'Agreed']),
    // Confirmed, but lowered below the case's least severity: found by the Review alone.
    'follow-up': hold(['R1', 'Accepted', 'medium']),
    consensus,
  },
  clean: {
    review: review(raise('Invented high', 'high', at('src/app.js', 2)), raise('Invented medium', 'medium', at('src/app.js', 3)), raise('Nothing else', 'nit', [])),
    response: answer(['R1', 'Agreed'], ['R2', 'Disagreed'], ['R3', 'Agreed']),
    'follow-up': hold(['R2', 'Withdrawn', null]),
    consensus,
  },
  // No answer scripted: the agent fails, and so does this case's debate.
  broken: {},
};

async function dataset(extra: Record<string, unknown> = {}): Promise<TempDataset> {
  const written = await writePlantedDataset({ ...cases, ...extra } as Parameters<typeof writePlantedDataset>[0], { name: 'hand-counted', lineTolerance: 2 });
  datasets.push(written);
  return written;
}

describe('code-debate eval', () => {
  it('with a Reviewer that finds every bug and a Responder that agrees: every bug found, by the Review, the debate and the gate at its severity', async () => {
    const data = await dataset();
    const { agent, log } = await caseAgent(data.scratch, 'oracle', oracle);
    const html = path.join(data.scratch, 'out', 'eval.html');
    const exit = await startCli(['eval', data.dir, '--agent', agent, '--jobs', '2', '--json', '--report', `html:${html}`], { cwd: data.scratch }).exited;
    expect(exit.code, exit.stderr).toBe(0);
    const report = JSON.parse(exit.stdout) as EvalReport;
    expect(report).toMatchObject({
      version: 1,
      dataset: { name: 'hand-counted', format: 'planted', dir: data.dir, cases: 3 },
      setup: { agents: { reviewer: agent, responder: agent }, maxRounds: 5, blockOn: 'high', jobs: 2 },
      interrupted: false,
    });
    expect(report.totals).toMatchObject({ cases: 3, scored: 3, failed: 0, stopped: 0, withBugs: 2, clean: 1, expected: 3, lost: 0, saved: 0, rounds: 3 });
    expect(report.totals.views).toEqual({
      review: { points: 3, correct: 3, found: 3, expected: 3, uncited: 1, recall: 1, precision: 1, falseOnClean: 0, cleanWithFindings: 0 },
      confirmed: { points: 3, correct: 3, found: 3, expected: 3, uncited: 1, recall: 1, precision: 1, falseOnClean: 0, cleanWithFindings: 0 },
      // Each bug's reproduction fails at the head and passes at the base; the clean change's passes at the head.
      reproduced: { points: 3, correct: 3, found: 3, expected: 3, uncited: 0, recall: 1, precision: 1, falseOnClean: 0, cleanWithFindings: 0 },
      // The second bug was rated medium: the gate, at high, does not block on it.
      gate: { points: 2, correct: 2, found: 2, expected: 3, uncited: 0, recall: 2 / 3, precision: 1, falseOnClean: 0, cleanWithFindings: 0 },
    });
    expect(report.cases.map((result) => [result.id, result.status])).toEqual([
      ['clean', 'scored'],
      ['one-bug', 'scored'],
      ['two-bugs', 'scored'],
    ]);
    // Each case debated in a repository named after it: the agent was asked once per turn of each.
    const calls = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { case: string; turn: string });
    expect(calls.map((call) => `${call.case} ${call.turn}`).sort()).toEqual([
      'clean consensus',
      'clean response',
      'clean review',
      'one-bug consensus',
      'one-bug response',
      'one-bug review',
      'two-bugs consensus',
      'two-bugs response',
      'two-bugs review',
    ]);
    expect(exit.stderr).toMatch(
      /code-debate eval: \[\d\/3\] two-bugs \(javascript, 2 bugs\): review 2\/2 \+0, confirmed 2\/2 \+0, reproduced 2\/2 \+0, gate 1\/2 \+0; lost 0, saved 0; 1 round, [\d.]+s\n/,
    );
    expect(exit.stderr).toContain(`code-debate eval: wrote the html report to ${path.join('out', 'eval.html')}\n`);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<h1>code-debate eval: hand-counted</h1>');
    expect(page).toContain(
      '<tr id="total-gate"><td>Gate (high or worse)</td><td class="num">67% (2/3)</td><td class="num">100% (2/2)</td><td class="num">0 on 0 of 1</td><td class="num">0</td></tr>',
    );
    expect(page).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it('with a Reviewer that invents findings and a Responder that talks it out of a real bug: the figures are the hand count, a failed case is left out and sets the exit code', async () => {
    const data = await dataset({ broken: { spec: { title: 'Broken', expected: [] }, before: { 'a.js': '1\n' }, after: { 'a.js': '2\n' } } });
    const { agent } = await caseAgent(data.scratch, 'inventor', inventor);
    const exit = await startCli(['eval', data.dir, '--agent', agent, '--jobs', '2'], { cwd: data.scratch }).exited;
    // The broken case's agent failed (exit 4): the other cases are scored all the same.
    expect(exit.code, exit.stderr).toBe(4);
    // With the end of what the sides printed, the agent's own words among it.
    expect(exit.stderr).toMatch(
      /\[\d\/4\] broken \(no language, clean\): failed: the debate ended without a CONSENSUS \(exit 4\)\n(?: {4}.*\n)*? {4}.*case-agent: the script has no review for case broken\n/,
    );
    const rows = exit.stdout.split('\n');
    const row = (id: string) =>
      rows
        .find((line) => line.startsWith(`${id} `))
        ?.replace(/\s+\S+$/, '')
        .split(/\s{2,}/);
    // case, language, bugs, review, confirmed, reproduced (none written), gate, lost, saved, rounds, tokens, cost (time left out).
    expect(row('two-bugs')).toEqual(['two-bugs', 'javascript', '2', '2/2 +1', '1/2 +0', '0/2 +0', '1/2 +0', '1', '1', '2', '-', '-']);
    expect(row('one-bug')).toEqual(['one-bug', 'python', '1', '1/1 +1', '0/1 +2', '0/1 +0', '0/1 +0', '0', '0', '2', '-', '-']);
    expect(row('clean')).toEqual(['clean', 'go', 'clean', '0/0 +2', '0/0 +1', '0/0 +0', '0/0 +1', '0', '1', '2', '-', '-']);
    expect(rows.find((line) => line.startsWith('broken '))).toMatch(/^broken\s+-\s+clean\s+failed: the debate ended without a CONSENSUS \(exit 4\)$/);
    expect(exit.stdout).toContain(
      [
        'Over 3 debated cases (2 with 3 bugs, 1 clean):',
        '  Review alone                recall 100% (3/3), precision 43% (3/7); on clean changes 2 false findings (1 of 1 changes); 1 point citing no line left out',
        '  Confirmed after the debate  recall 33% (1/3), precision 25% (1/4); on clean changes 1 false finding (1 of 1 changes); 1 point citing no line left out',
        '  Reproduced by a test        recall 0% (0/3), precision - (0/0); on clean changes 0 false findings (0 of 1 changes)',
        '  Gate (high or worse)        recall 33% (1/3), precision 50% (1/2); on clean changes 1 false finding (1 of 1 changes)',
        "  Agreements: 5 confirmed with the answer's own evidence, 0 only accepted without it.",
        '  The debate lost 1 real bug (raised in the Review, then withdrawn or dismissed) and saved 2 false findings (withdrawn or dismissed).',
        '  6 rounds; tokens -, cost - (as the agents reported them);',
      ].join('\n'),
    );
    expect(exit.stdout).toContain('  Not counted: 1 failed, 0 stopped or not run.\n');
  });

  it('reads a dataset in the golden-bugs layout and runs it as it is', async () => {
    const patch = [
      '--- a/src/pay.js',
      '+++ b/src/pay.js',
      '@@ -1,2 +1,3 @@',
      "+const paymentsKey = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';",
      ' export function pay(amount) {',
      '   return amount;',
      '',
    ].join('\n');
    const data = await writeGoldenDataset({
      'live-key': {
        expected: {
          id: 'live-key',
          title: 'A live key committed',
          source: 'written for this test',
          category: 'secret',
          expectedFindings: [{ filePath: 'src/pay.js', lineRange: [1, 1], lineTolerance: 0, minSeverity: 'CRITICAL', rationale: 'a live key' }],
        },
        patch,
      },
    });
    datasets.push(data);
    const exit = await startCli(['eval', data.dir, '--agent', 'builtin', '--json'], { cwd: data.scratch }).exited;
    expect(exit.code, exit.stderr).toBe(0);
    const report = JSON.parse(exit.stdout) as EvalReport;
    expect(report.dataset.format).toBe('golden-bugs');
    // The built-in agent's credential rule is what finds it, at critical.
    expect(report.totals.views.review).toMatchObject({ found: 1, expected: 1 });
    expect(report.cases[0]).toMatchObject({ status: 'scored', score: { foundBy: [{ review: ['R1'], confirmed: ['R1'], gate: ['R1'] }] } });
  });

  it('on Ctrl-C stops the debate under way, starts no other, and reports the cases finished', async () => {
    const data = await dataset();
    const { agent, log } = await caseAgent(data.scratch, 'hangs', { ...oracle, 'two-bugs': { review: { hang: true } } });
    const running = startCli(['eval', data.dir, '--agent', agent, '--jobs', '1', '--keep'], { cwd: data.scratch });
    // Cases run in name order, one at a time: clean, one-bug, then two-bugs, whose Reviewer hangs.
    const hung = await waitFor(
      async () => {
        const calls = (await readFile(log, 'utf8').catch(() => ''))
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { case: string; pid: number });
        return calls.find((call) => call.case === 'two-bugs');
      },
      'the hanging Reviewer',
      45_000,
    );
    running.child.kill('SIGINT');
    const exit = await running.exited;
    expect(exit.code, exit.stderr).toBe(130);
    expect(isAlive(hung.pid)).toBe(false);
    const rows = exit.stdout.split('\n');
    expect(rows.find((line) => line.startsWith('two-bugs '))).toMatch(/^two-bugs\s+javascript\s+2\s+stopped by Ctrl-C$/);
    expect(rows.find((line) => line.startsWith('one-bug '))).toMatch(/^one-bug\s+python\s+1\s+1\/1 \+0/);
    expect(exit.stdout).toContain('Over 2 debated cases (1 with 1 bug, 1 clean):');
    expect(exit.stdout).toContain('  Not counted: 0 failed, 1 stopped or not run (stopped by Ctrl-C).\n');
    // --keep: each case's repository stays, with its debate, for a person to read.
    const kept = /the case repositories, each with its debate in reply\.md, are kept in (\S+)\n/.exec(exit.stderr)?.[1] ?? '';
    datasets.push({ dir: kept, scratch: kept, cleanup: () => rm(kept, { recursive: true, force: true }) });
    expect(await readFile(path.join(kept, 'one-bug', 'reply.md'), 'utf8')).toContain('## CONSENSUS');
  });

  it('refuses, before any debate, a dataset that is missing, a report it cannot write, a bad --jobs and an agent that cannot answer alone', async () => {
    const data = await dataset();
    const refused = async (args: string[]) => {
      const exit = await startCli(['eval', ...args], { cwd: data.scratch }).exited;
      expect(exit.code, exit.stderr).toBe(2);
      expect(exit.stdout).toBe('');
      return exit.stderr.trim();
    };
    expect(await refused(['nowhere'])).toBe(
      `code-debate: Cannot read the dataset \`${path.join(data.scratch, 'nowhere')}\`: there is no such folder. Give the folder of a dataset, or run \`code-debate eval\` without one for the dataset shipped with code-debate. See docs/eval.md for the dataset formats.`,
    );
    expect(await refused([data.dir, '--report', 'sarif:out.sarif'])).toBe(
      'code-debate: Expected `--report` of `code-debate eval` to be text, json or html (e.g. --report html:eval.html), got `sarif:out.sarif`.',
    );
    expect(await refused([data.dir, '--jobs', '0'])).toBe('code-debate: Expected `--jobs` to be a whole number from 1 to 64, got `0`.');
    expect(await refused([data.dir, '--agent', 'human'])).toContain('Cannot use the agent `human` in `code-debate eval`');
    expect(await refused([data.dir, '--agent', 'claud'])).toContain('Cannot use the agent `claud`: did you mean `claude`?');
    expect(await refused([data.dir, '--file', 'x.md'])).toContain('`--file` does not apply to `code-debate eval`');
    expect(await refused([data.dir, 'other'])).toContain('`eval` is a command (`code-debate eval [<dataset>]`), and it takes no `other`.');
  });
});
