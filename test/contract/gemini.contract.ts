import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { clisBin, pinned } from './clis.mjs';
import { geminiUsage, startGeminiStub } from './gemini-stub.js';

// The real Gemini CLI, pinned, pointed at a local stand-in for the Gemini API: nothing reaches a real model service.
const repos = useDebateRepos();
const run = promisify(execFile);
let stub: Awaited<ReturnType<typeof startGeminiStub>>;
let env: Record<string, string>;

beforeAll(async () => {
  const bin = clisBin();
  if (!existsSync(path.join(bin, 'gemini'))) throw new Error(`Gemini CLI ${pinned.gemini.version} is not installed in ${bin}: run \`node test/contract/install-clis.mjs\` (npm run test:agents does).`);
  stub = await startGeminiStub();
  const home = await mkdtemp(path.join(os.tmpdir(), 'code-debate-contract-gemini-'));
  await mkdir(path.join(home, '.gemini'));
  // The base URL alone selects an auth type that headless mode refuses (exit 41): the API key's is chosen.
  await writeFile(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
  env = { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, HOME: home, GEMINI_API_KEY: 'stub-key', GOOGLE_GEMINI_BASE_URL: stub.url };
});

afterAll(async () => {
  await stub?.close();
});

describe(`Gemini CLI ${pinned.gemini.version}, for real`, () => {
  it('debates both sides under its read-only policy, its JSON answer parsed, its tokens read', async () => {
    stub.setMode('answer');
    const repo = await repos.repo();
    const reviewer = startCli(['--agent', 'gemini', 'HEAD'], { cwd: repo.dir, env });
    await waitFor(() => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', 'gemini', 'HEAD'], { cwd: repo.dir, env });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text).toContain('*— Responder · gemini · ');
    const usages = [...text.matchAll(/^<!-- code-debate usage (\{.*\}) -->$/gm)].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, number | null>);
    expect(usages).toHaveLength(3);
    for (const usage of usages) expect(usage).toMatchObject({ inputTokens: geminiUsage.promptTokenCount, outputTokens: geminiUsage.candidatesTokenCount, costUsd: null });
  });

  it('does not leave plan mode nor write when the model calls exit_plan_mode, write_file, replace and run_shell_command', async () => {
    stub.setMode('leave-plan-mode');
    const repo = await repos.repo();
    const before = (await run('git', ['rev-parse', 'HEAD'], { cwd: repo.dir })).stdout;
    const reviewer = await startCli(['--agent', 'gemini', '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir, env }).exited;
    stub.setMode('answer');
    expect(reviewer.code, reviewer.stderr).toBe(3);
    expect(await repo.readReply()).toContain('## Review');
    expect(existsSync(path.join(repo.dir, 'pwned.txt'))).toBe(false);
    expect(existsSync(path.join(repo.dir, 'pwned-by-shell'))).toBe(false);
    expect(await readFile(path.join(repo.dir, 'src', 'app.js'), 'utf8')).toContain('console.log(name);');
    expect((await run('git', ['status', '--porcelain'], { cwd: repo.dir })).stdout.trim()).toBe('');
    expect((await run('git', ['rev-parse', 'HEAD'], { cwd: repo.dir })).stdout).toBe(before);
    // Every call was answered, exit_plan_mode included, and plan mode was never left. (Without the
    // policy, this Gemini CLI answers "Plan approved. Switching to YOLO mode", writes and runs the
    // command, and code-debate's own check stops the turn with exit 7.)
    const seen = stub.requests.join('\n');
    expect(seen).toMatch(/"functionResponse":\{"name":"exit_plan_mode"/);
    expect(seen).toMatch(/"functionResponse":\{"name":"run_shell_command"/);
    expect(seen).not.toContain('Switching to YOLO mode');
  });

  // A 404 for its default model sends Gemini CLI to another one: a model named on the command line is the one that is not found.
  it.each([
    [401, 'gemini', 'Gemini CLI is not logged in or its credentials were refused'],
    [404, 'gemini:gemini-nope', 'The model does not exist or this account cannot use it'],
    [429, 'gemini', 'Gemini CLI is being rate limited'],
    [500, 'gemini', "Gemini CLI's service failed on its side"],
    [503, 'gemini', 'Gemini CLI is being rate limited, is overloaded'],
  ] as const)('names an API %s for what it is, and writes nothing', async (status, agent, says) => {
    stub.setMode(status);
    const repo = await repos.repo();
    // Gemini CLI retries a 429 or a 500 with backoff until it is stopped: the deadline ends it, and the reason is named.
    const reviewer = await startCli(['--agent', agent, '--agent-timeout', '8s', 'HEAD'], { cwd: repo.dir, env }).exited;
    stub.setMode('answer');
    expect(reviewer.code, reviewer.stderr).toBe(4);
    expect(reviewer.stderr).toContain(says);
    expect(existsSync(repo.file) ? await repo.readReply() : '').not.toContain('## Review');
  });
});
