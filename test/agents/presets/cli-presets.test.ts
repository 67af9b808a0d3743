import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../../helpers/e2e.js';
import { jsonEvents, scriptedAgent, startCli, waitWhileRunning } from '../../helpers/run-cli.js';
import { fakeBin, type FakeCall } from './use-fake-clis.js';

const repos = useDebateRepos();

/** The fakes first on PATH of a code-debate process, logging to a temp file. */
async function fakeEnv(env: Record<string, string> = {}) {
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-cli-presets-')));
  repos.onCleanup(() => rm(dir, { recursive: true, force: true }));
  const log = path.join(dir, 'calls.jsonl');
  const calls = async () =>
    (await readFile(log, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as FakeCall);
  return { env: { PATH: `${fakeBin}${path.delimiter}${process.env.PATH ?? ''}`, FAKE_CLI_LOG: log, CLAUDECODE: '1', ...env }, calls };
}

describe('code-debate with the claude, codex and gemini presets', () => {
  it('debates claude against codex to CONSENSUS, both read-only, the prompt on stdin', async () => {
    const repo = await repos.repo();
    const fakes = await fakeEnv({
      FAKE_CLI_ANSWER_REVIEW: sampleReview,
      FAKE_CLI_ANSWER_RESPONSE: '### R1. Debug output left in\n**Agreed**: it goes.\n',
      FAKE_CLI_ANSWER_CONSENSUS: 'Remove the debug output.\n',
    });
    const reviewer = startCli(['--agent', 'claude:sonnet', 'the diff against main'], { cwd: repo.dir, env: fakes.env });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the first process to claim the Reviewer');
    const responder = startCli(['--agent', 'codex', 'the diff against main'], { cwd: repo.dir, env: fakes.env });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);

    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(text).toMatch(/^\*— Reviewer · claude:sonnet · .+Z\*$/m);
    expect(text).toMatch(/^\*— Responder · codex · .+Z\*$/m);
    const calls = await fakes.calls();
    expect(calls.map((call) => [call.program, call.env.CODE_DEBATE_TURN])).toEqual([
      ['claude', 'review'],
      ['codex', 'response'],
      ['claude', 'consensus'],
    ]);
    // Read-only flags, then the Review's answer schema (as JSON), never the diff.
    expect(calls[0]?.argv.slice(0, 11)).toEqual([
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--include-partial-messages',
      '--tools',
      'Read,Grep,Glob',
      '--permission-mode',
      'dontAsk',
      '--model',
      'sonnet',
    ]);
    expect(calls[0]?.argv.slice(11, 12)).toEqual(['--json-schema']);
    expect(JSON.parse(calls[0]?.argv[12] ?? '')).toMatchObject({ type: 'object', required: ['summary', 'points'] });
    expect(calls[0]?.env.CLAUDECODE).toBeUndefined();
    expect(calls[0]?.stdin).toContain('+  console.log(name);');
    expect(calls[1]?.argv.slice(0, 5)).toEqual(['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check']);
    expect(calls[1]?.argv).toContain('--output-schema');
    expect(calls[1]?.stdin).toContain('### R1. Debug output left in');
    // Each runs in its side's own checkout of the subject.
    const checkouts = path.join(repo.dir, '.git', 'code-debate', 'checkouts');
    expect(calls.map((call) => path.dirname(call.cwd))).toEqual(calls.map(() => checkouts));
    expect(new Set(calls.map((call) => path.basename(call.cwd).replace(/-\d+$/, '')))).toEqual(new Set(['code-debate-reviewer', 'code-debate-responder']));
  });

  it('shows what Claude Code reports while it works: in `status --json` of another process, and as `agent-progress` events', async () => {
    const repo = await repos.repo();
    const fakes = await fakeEnv({ FAKE_CLI_MODE: 'working', FAKE_CLI_ANSWER_REVIEW: sampleReview, FAKE_CLI_ANSWER_CONSENSUS: 'Remove the debug output.\n' });
    const gate = path.join(path.dirname(fakes.env.FAKE_CLI_LOG), 'gate');
    const agree = await repo.script('agree', {});
    const reviewer = startCli(['--json', '--agent', 'claude', 'HEAD'], { cwd: repo.dir, env: { ...fakes.env, FAKE_CLI_GATE: gate } });
    const responder = startCli(['--role', 'responder', '--agent', scriptedAgent(agree.script, agree.log), 'HEAD'], { cwd: repo.dir });
    // The fake called a tool and finished a model call of 42 tokens, then waits for the gate.
    const seen = await waitWhileRunning(
      reviewer,
      async () => {
        const status = await startCli(['status', '--json'], { cwd: repo.dir }).exited;
        const role = (JSON.parse(status.stdout) as { roles: { reviewer: { state: string; reason: string; steps: number | null; tokens: number | null } } }).roles.reviewer;
        return role.tokens === 42 ? role : null;
      },
      "status to show what the Reviewer's Claude Code reported",
    );
    expect(seen).toMatchObject({ state: 'thinking', steps: 1, tokens: 42 });
    expect(seen.reason).toMatch(/^its agent has run for \S+ \(pid \d+\), 1 step, 42 tokens so far$/);
    await writeFile(gate, '');
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const progress = jsonEvents(a.stdout).filter((event) => event.type === 'agent-progress');
    // The first at once (the tool call), the second (its tokens) once 5 s had passed, while the fake waited.
    expect(progress[0]).toMatchObject({ heading: 'Review', agent: 'claude', steps: 1, tokens: null, tokensPerSecond: null });
    expect(progress).toContainEqual(expect.objectContaining({ heading: 'Review', steps: 1, tokens: 42 }));
  });

  it('exits 4 and says how to log in when gemini has no credentials, writing nothing', async () => {
    const repo = await repos.repo();
    const fakes = await fakeEnv({ FAKE_CLI_MODE: 'no-credentials' });
    const run = startCli(['--agent', 'gemini', 'the diff against main'], { cwd: repo.dir, env: fakes.env });
    const exit = await run.exited;
    expect(exit.code, exit.stderr).toBe(4);
    // In stream-json, Gemini CLI says this on stderr alone: its words come in the message's tail.
    expect(exit.stderr).toContain('code-debate: Agent `gemini` failed to write review 1: it exited with code 41. Gemini CLI is not logged in');
    expect(exit.stderr).toMatch(/The end of its stderr:\n {2}\| Please set an Auth method/);
    expect(exit.stderr).toContain('run `gemini` once in a terminal and sign in, or set GEMINI_API_KEY');
    expect(await fakes.calls()).toHaveLength(1);
    await expect(repo.readReply()).rejects.toThrow(/ENOENT/);
  });

  it('--agent auto picks the first CLI on PATH and says so', async () => {
    const repo = await repos.repo();
    const fakes = await fakeEnv({ FAKE_CLI_MODE: 'not-logged-in' });
    const run = startCli(['--agent', 'auto', 'the diff against main'], { cwd: repo.dir, env: fakes.env });
    const exit = await run.exited;
    expect(exit.code, exit.stderr).toBe(4);
    expect(exit.stderr).toContain(`--agent auto: using \`claude\` (Claude Code, ${path.join(fakeBin, 'claude')}), the first of claude, codex, gemini on PATH.`);
    expect(exit.stderr).toContain('code-debate: Agent `claude` failed to write review 1: Claude Code reported an error (success, exit code 1): Not logged in');
  });
});
