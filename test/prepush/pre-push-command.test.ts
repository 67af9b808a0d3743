import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { DebateFlags } from '../../src/config/settings.js';
import { runPrePushCommand } from '../../src/cli/pre-push-command.js';
import { ConfigError } from '../../src/errors.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';
import { scriptedAgent, agentPids } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { isAlive } from '../helpers/e2e.js';

let repo: GitRepo;
let remote: string;

beforeEach(async () => {
  repo = await makeGitRepo({ 'README.md': '# project\n' });
  remote = path.join(path.dirname(repo.dir), 'remote.git');
  await repo.git('init', '-q', '--bare', remote);
  await repo.git('remote', 'add', 'origin', remote);
});
afterEach(async () => {
  await repo.cleanup();
});

interface Run {
  code: number;
  output: string;
}

async function prePush(input: string, flags: Partial<DebateFlags> = {}, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  let output = '';
  const code = await runPrePushCommand({
    remote: 'origin',
    url: remote,
    cwd: repo.dir,
    flags: { agent: 'builtin', ...flags },
    env: { ...process.env, CODE_DEBATE_AGENT: undefined, CODE_DEBATE_SKIP: undefined, ...env },
    stdin: Readable.from([input]),
    signal: new AbortController().signal,
    write: (text) => (output += text),
  });
  return { code, output };
}

/** The line git writes for pushing `main` at HEAD to a remote that has no `main` yet. */
async function newMainLine(): Promise<string> {
  return `refs/heads/main ${await repo.git('rev-parse', 'HEAD')} refs/heads/main ${'0'.repeat(40)}\n`;
}

/** A scripted agent from `script`, with the log of its calls. */
async function scripted(script: unknown): Promise<{ agent: string; log: string }> {
  const file = path.join(path.dirname(repo.dir), 'script.json');
  await writeFile(file, JSON.stringify(script));
  const log = `${file}.log`;
  return { agent: scriptedAgent(file, log), log };
}

describe('code-debate pre-push without a debate', () => {
  test('CODE_DEBATE_SKIP=1 lets the push go at once, before reading anything, even outside a repository', async () => {
    let output = '';
    const code = await runPrePushCommand({
      remote: 'origin',
      url: remote,
      cwd: os.tmpdir(),
      flags: {},
      env: { CODE_DEBATE_SKIP: '1' },
      stdin: Readable.from(['not git input at all\n']),
      signal: new AbortController().signal,
      write: (text) => (output += text),
    });
    expect({ code, output }).toEqual({ code: 0, output: 'code-debate: CODE_DEBATE_SKIP=1, the pre-push review is skipped.\n' });
  });

  test('empty stdin has nothing to debate', async () => {
    expect(await prePush('')).toEqual({ code: 0, output: 'code-debate pre-push: nothing to debate: git named no ref to push.\n' });
  });

  test('input that is not git lines is a usage error naming the line', async () => {
    await expect(prePush('refs/heads/main HEAD refs/heads/main 0\n')).rejects.toThrow(ConfigError);
    await expect(prePush('refs/heads/main HEAD refs/heads/main 0\n')).rejects.toThrow('Cannot read line 1 of the pre-push input, `refs/heads/main HEAD refs/heads/main 0`');
  });
});

describe('code-debate pre-push when no verdict comes', () => {
  test('the time limit stops the debate and its agent, and fails open: the push goes, and it says so', async () => {
    const { agent, log } = await scripted({ review: { hang: true } });

    // Long enough for both sides and the agent to start on a loaded machine: the test checks the agent is stopped.
    const run = await prePush(await newMainLine(), { agent, timeLimitMs: 5_000 });

    expect(run.code).toBe(0);
    expect(run.output).toContain('code-debate pre-push: main (root commit');
    expect(run.output).toMatch(/time limit reached \(--time-limit 5s\) before its debate ended\.\n/);
    expect(run.output).toContain('code-debate pre-push: time limit reached, pushing anyway (--time-limit-fails open).\n');
    const pids = await agentPids(log);
    expect(pids).toHaveLength(1);
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 'the hanging agent to be stopped', 10_000);
  });

  test('--time-limit-fails closed blocks the push, and says how to go on', async () => {
    const { agent } = await scripted({ review: { hang: true } });

    const run = await prePush(await newMainLine(), { agent, timeLimitMs: 1_500, timeLimitFails: 'closed' });

    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'code-debate pre-push: time limit reached, blocking the push (--time-limit-fails closed). Push again to continue the debate where it stopped, or raise --time-limit; to push without the review, `git push --no-verify` or `CODE_DEBATE_SKIP=1 git push`.\n',
    );
  });

  test('an agent that fails gives no verdict: open lets the push go, closed stops it with exit 4; nothing is cached', async () => {
    const { agent } = await scripted({ review: { stderr: 'Invalid API key · Fix external API key\n', exit: 1 } });
    const line = await newMainLine();

    const open = await prePush(line, { agent });
    expect(open.code).toBe(0);
    expect(open.output).toContain('no verdict: an agent failed (exit 4). What the sides printed last:');
    expect(open.output).toContain('Invalid API key');
    expect(open.output).toContain(
      'code-debate pre-push: no verdict (an agent failed (exit 4)), pushing anyway (--time-limit-fails open: a review that cannot finish lets the push go).\n',
    );

    const closed = await prePush(line, { agent, timeLimitFails: 'closed' });
    expect(closed.code).toBe(4);
    expect(closed.output).toContain('blocking the push (--time-limit-fails closed: a review that cannot finish stops the push)');
    expect(closed.output).not.toContain('cached verdict');
    const gitDir = path.join(repo.dir, '.git', 'code-debate');
    expect((await readdir(gitDir)).includes('pre-push-cache')).toBe(false);
  });
});

describe('code-debate pre-push reads the labels where they stand', () => {
  const review = '### R1. Config writer trusts its input\n**Severity:** high\n\nThe name is written unchecked.\n';
  const response = '### R1. Config writer trusts its input\n**Disagreed**: the loader agreed to retry, so nothing changes.\n';

  test('`### R1. Maintained` over prose that says "accepts" blocks: the point is disputed, not accepted', async () => {
    const { agent } = await scripted({ review, response, 'follow-up': '### R1. Maintained\nThe config writer accepts user edits, so nothing checks them.\n' });
    const run = await prePush(await newMainLine(), { agent, maxRounds: 2 });
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain('R1 (high, disputed) Config writer trusts its input');
  });

  test('`### R1 — Withdrawn` lets the push go: a withdrawn high point blocks nothing', async () => {
    const { agent } = await scripted({ review, response, 'follow-up': '### R1 — Withdrawn\nThe loader does retry.\n' });
    const run = await prePush(await newMainLine(), { agent, maxRounds: 2 });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('none at or above high confirmed or disputed');
  });
});

describe("code-debate pre-push judges the Responder's own findings like the Reviewer's", () => {
  test('a finding the Responder raised and the Reviewer agreed blocks the push', async () => {
    const json = (value: unknown) => JSON.stringify(value);
    const { agent } = await scripted({
      review: json({ summary: '', points: [{ title: 'Naming', severity: 'low', evidence: [], reasoning: '`x` says nothing.' }] }),
      response: json({
        summary: '',
        answers: [{ id: 'R1', label: 'Agreed', reasoning: 'Renaming it.', evidence: [] }],
        newPoints: [{ title: 'Query built from input', severity: 'high', evidence: [], reasoning: 'The name is concatenated into the SQL.' }],
      }),
      'follow-up': json({ summary: '', answers: [{ id: 'F1', label: 'Agreed', reasoning: 'It is injectable.', evidence: [] }], newPoints: [] }),
    });
    const run = await prePush(await newMainLine(), { agent });
    expect(run.code, run.output).toBe(1);
    // Agreed without a place of its own: accepted, not confirmed, and it blocks all the same.
    expect(run.output).toContain('F1 (high, accepted) Query built from input');
    expect(run.output).not.toContain('R1 (low');
  });
});

describe('code-debate pre-push with a finished debate', () => {
  test('the cache keeps the debate, not the verdict: a stricter --block-on judges it again at once; without the cache, the finished file is read', async () => {
    const base = await repo.git('rev-parse', 'HEAD');
    await repo.git('push', '-q', 'origin', 'main');
    await repo.write('src/app.js', 'export function add(a, b) {\n  console.log(a, b);\n  return a + b;\n}\n');
    await repo.write('test/app.test.js', "import { add } from '../src/app.js';\nif (add(1, 2) !== 3) throw new Error('add');\n");
    const head = await repo.commit('Add numbers');
    const line = `refs/heads/feature ${head} refs/heads/feature ${'0'.repeat(40)}\n`;
    const heading = `code-debate pre-push: feature (1 commit, ${base.slice(0, 7)}..${head.slice(0, 7)})`;

    const first = await prePush(line);
    expect(first.code).toBe(0);
    expect(first.output).toContain(`${heading}: debating, builtin on both sides, in .code-debate/pre-push-`);
    expect(first.output).toContain('code-debate pre-push:   Reviewer wrote ## Review\ncode-debate pre-push:   Responder wrote ## Response 1\n');
    expect(first.output).toContain('code-debate pre-push:   passes: 1 point, none at or above high confirmed or disputed\n');

    const stricter = await prePush(line, { blockOn: 'medium' });
    expect(stricter.code).toBe(1);
    expect(stricter.output).toContain(`${heading}: cached verdict of the debate finished `);
    expect(stricter.output).toContain('code-debate pre-push:     R1 (medium, confirmed) Debug output left in `src/app.js`\n');
    expect(stricter.output).toContain('push blocked: 1 point at or above --block-on medium confirmed or disputed.');

    await rm(path.join(repo.dir, '.git', 'code-debate', 'pre-push-cache'), { recursive: true });
    const reread = await prePush(line, { blockOn: 'medium' });
    expect(reread.code).toBe(1);
    expect(reread.output).toMatch(/: the debate in \.code-debate\/pre-push-[0-9a-f]{12}\.md had already ended; judging it\.\n/);
    expect(reread.output).not.toContain('wrote ## Review');
  });
});

describe('code-debate pre-push --report', () => {
  test('writes the reports of the debate it ran, and again from the cached verdict of the same push', async () => {
    await repo.write('src/app.js', 'console.log("debug");\n');
    await repo.commit('Add app');
    const reports = [
      { format: 'sarif' as const, file: 'out/review.sarif' },
      { format: 'markdown' as const, file: 'out/review.md' },
    ];
    const first = await prePush(await newMainLine(), { reports });
    expect(first.output).toContain('wrote the sarif report to');
    const sarif = JSON.parse(await readFile(path.join(repo.dir, 'out', 'review.sarif'), 'utf8')) as { runs: Array<{ results: unknown[] }> };
    expect(sarif.runs[0]?.results.length).toBeGreaterThan(0);
    const summary = await readFile(path.join(repo.dir, 'out', 'review.md'), 'utf8');
    expect(summary.startsWith('<!-- code-debate summary -->\n')).toBe(true);
    await rm(path.join(repo.dir, 'out', 'review.md'));
    const again = await prePush(await newMainLine(), { reports });
    expect(again.output).toContain('cached verdict');
    expect(await readFile(path.join(repo.dir, 'out', 'review.md'), 'utf8')).toBe(summary);
  });
});
