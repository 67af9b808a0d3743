import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeminiAgent, geminiInstruction, geminiJsonInstruction, geminiPolicyFile } from '../../src/agents/presets/gemini-agent.js';
import { answerJsonSchema } from '../../src/protocol/answer-schema.js';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { jsonEvents, startCli } from '../helpers/run-cli.js';
import { turnRequest } from '../helpers/turn-request.js';
import { waitFor } from '../helpers/wait-for.js';
import { readArgvs, writeArgvWrapper } from './argv-wrapper.js';
import { expectCanonicalDebate } from './canonical-debate.js';
import { clisBin, pinned } from './clis.mjs';
import { geminiUsage, jsonAnswer, startGeminiStub } from './gemini-stub.js';
import { withEnv } from './with-env.js';

// The real Gemini CLI, pinned, pointed at a local stand-in for the Gemini API: nothing reaches a real model service.
const repos = useDebateRepos();
const run = promisify(execFile);
let stub: Awaited<ReturnType<typeof startGeminiStub>>;
let env: Record<string, string>;
let argvLog: string;

beforeAll(async () => {
  const bin = clisBin();
  if (!existsSync(path.join(bin, 'gemini')))
    throw new Error(`Gemini CLI ${pinned.gemini.version} is not installed in ${bin}: run \`node test/contract/install-clis.mjs\` (npm run test:agents does).`);
  stub = await startGeminiStub();
  const home = await mkdtemp(path.join(os.tmpdir(), 'code-debate-contract-gemini-'));
  await mkdir(path.join(home, '.gemini'));
  // The base URL alone selects an auth type that headless mode refuses (exit 41): the API key's is chosen.
  await writeFile(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
  // Records the argv code-debate gives `gemini`, then runs the real one with the same stdin.
  await mkdir(path.join(home, 'bin'));
  argvLog = path.join(home, 'argv.jsonl');
  await writeArgvWrapper(path.join(home, 'bin'), 'gemini', path.join(bin, 'gemini'), argvLog);
  env = { PATH: [path.join(home, 'bin'), bin, process.env.PATH ?? ''].join(path.delimiter), HOME: home, GEMINI_API_KEY: 'stub-key', GOOGLE_GEMINI_BASE_URL: stub.url };
});

afterAll(async () => {
  await stub?.close();
});

describe(`Gemini CLI ${pinned.gemini.version}, for real`, () => {
  it('debates both sides under its read-only policy, its JSON answers parsed and rendered, its tokens read', async () => {
    stub.setMode('answer');
    const repo = await repos.repo();
    const [argvsBefore, requestsBefore] = [(await readArgvs(argvLog)).length, stub.requests.length];
    const reviewer = startCli(['--agent', 'gemini', 'HEAD'], { cwd: repo.dir, env });
    await waitFor(() => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', 'gemini', 'HEAD'], { cwd: repo.dir, env });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text).toContain('*— Responder · gemini · ');
    // Each side's fenced JSON, valid at its first try, rendered in the canonical form.
    expectCanonicalDebate(text, { stderr: a.stderr + b.stderr, requests: stub.requests.slice(requestsBefore) });
    // No schema to send: the Review and the Response are asked for in JSON, the CONSENSUS in Markdown.
    expect((await readArgvs(argvLog)).slice(argvsBefore).map((argv) => argv[1])).toEqual([geminiJsonInstruction, geminiJsonInstruction, geminiInstruction]);
    const usages = [...text.matchAll(/^<!-- code-debate usage (\{.*\}) -->$/gm)].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, number | null>);
    expect(usages).toHaveLength(3);
    // Its thinking is billed as output: the stream's stats have no field for it, but its total holds it.
    for (const usage of usages)
      expect(usage).toMatchObject({ inputTokens: geminiUsage.promptTokenCount, outputTokens: geminiUsage.candidatesTokenCount + geminiUsage.thoughtsTokenCount, costUsd: null });
  });

  it('does not leave plan mode nor write when the model calls exit_plan_mode, write_file, replace and run_shell_command', async () => {
    stub.setMode('leave-plan-mode');
    const repo = await repos.repo();
    const before = (await run('git', ['rev-parse', 'HEAD'], { cwd: repo.dir })).stdout;
    const requestsBefore = stub.requests.length;
    const reviewer = await startCli(['--json', '--agent', 'gemini', '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir, env }).exited;
    stub.setMode('answer');
    // No Responder: the Reviewer wrote its Review (its first answer valid), then the peer timed out (3).
    expect(reviewer.code, reviewer.stderr).toBe(3);
    // Its progress, read from its stream as it worked: the first report at once, its first tool call.
    const progress = jsonEvents(reviewer.stdout).filter((event) => event.type === 'agent-progress');
    expect(progress[0]).toMatchObject({ heading: 'Review', agent: 'gemini', steps: 1, tokens: null });
    expectCanonicalDebate(await repo.readReply(), { stderr: reviewer.stderr, requests: stub.requests.slice(requestsBefore), responded: false });
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

  it('sends no schema for a turn with one (it has no flag for it): the instruction asks for JSON, and the answer comes back as the model wrote it', async () => {
    stub.setMode('answer');
    const repo = await repos.repo();
    const answerSchema = answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1'], toHold: [] });
    const [argvsBefore, requestsBefore] = [(await readArgvs(argvLog)).length, stub.requests.length];
    const prompt = 'Answer R1 in `## Response 1`, in the JSON the answer schema asks for.';
    const answer = await withEnv(env, () => createGeminiAgent({ model: null }).writeTurn(turnRequest(repo.dir, { role: 'responder', turn: 'response', prompt, answerSchema })));
    expect(answer).toBe(jsonAnswer(prompt));
    expect(answer.startsWith('```json\n{\n  "summary": "",\n  "answers": [\n    {\n      "id": "R1",\n      "label": "Agreed",')).toBe(true);
    expect((await readArgvs(argvLog)).slice(argvsBefore)).toEqual([
      ['-p', geminiJsonInstruction, '-o', 'stream-json', '--approval-mode', 'plan', '--policy', geminiPolicyFile, '--skip-trust'],
    ]);
    // The prompt, then the instruction, in the model's request; no response schema nor JSON mode in its generationConfig.
    const turns = stub.requests.slice(requestsBefore).filter((request) => request.includes(prompt));
    expect(turns.length).toBeGreaterThan(0);
    for (const request of turns) {
      expect(request).toContain(geminiJsonInstruction);
      expect(request).not.toMatch(/responseSchema|responseJsonSchema|responseMimeType|_responseJsonSchema/);
    }
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
    const reviewer = await startCli(['--agent', agent, '--agent-timeout', '15s', 'HEAD'], { cwd: repo.dir, env }).exited;
    stub.setMode('answer');
    expect(reviewer.code, reviewer.stderr).toBe(4);
    expect(reviewer.stderr).toContain(says);
    expect(existsSync(repo.file) ? await repo.readReply() : '').not.toContain('## Review');
  });
});
