import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodexAgent } from '../../src/agents/presets/codex-agent.js';
import { answerJsonSchema, checkAnswerData } from '../../src/protocol/answer-schema.js';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { jsonEvents, startCli } from '../helpers/run-cli.js';
import { turnRequest } from '../helpers/turn-request.js';
import { waitFor } from '../helpers/wait-for.js';
import { readArgvs, writeArgvWrapper } from './argv-wrapper.js';
import { expectCanonicalDebate } from './canonical-debate.js';
import { cacheDir, clisBin, pinned } from './clis.mjs';
import { responsesUsage, startResponsesStub, writingCalls, writtenFiles } from './responses-stub.js';
import { withEnv } from './with-env.js';

// The real Codex, pinned, pointed at a local stand-in for the OpenAI Responses API: nothing reaches a real model service.
const repos = useDebateRepos();
const run = promisify(execFile);
let stub: Awaited<ReturnType<typeof startResponsesStub>>;
let env: Record<string, string>;
let argvLog: string;
let home = '';

beforeAll(async () => {
  const real = path.join(clisBin(), 'codex');
  if (!existsSync(real)) throw new Error(`Codex ${pinned.codex.version} is not installed at ${real}: run \`node test/contract/install-clis.mjs\` (npm run test:agents does).`);
  stub = await startResponsesStub();
  // Not under the temporary directory: there Codex refuses to create the helper that sandboxes a command run in a terminal.
  await mkdir(path.join(cacheDir(), 'homes'), { recursive: true });
  const dir = await mkdtemp(path.join(cacheDir(), 'homes', 'codex-'));
  home = dir;
  await mkdir(path.join(dir, 'codex-home'));
  await mkdir(path.join(dir, 'bin'));
  await writeFile(
    path.join(dir, 'codex-home', 'config.toml'),
    `model_provider = "stub"\nmodel = "gpt-stub"\n\n[model_providers.stub]\nname = "stub"\nbase_url = "${stub.url}"\nwire_api = "responses"\nrequires_openai_auth = true\nsupports_websockets = false\n`,
  );
  argvLog = path.join(dir, 'argv.jsonl');
  await writeArgvWrapper(path.join(dir, 'bin'), 'codex', real, argvLog);
  env = { PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`, CODEX_HOME: path.join(dir, 'codex-home'), CODEX_API_KEY: 'stub-key' };
});

afterAll(async () => {
  await stub?.close();
  if (home !== '') await rm(home, { recursive: true, force: true });
});

const argvs = () => readArgvs(argvLog);

describe(`Codex ${pinned.codex.version}, for real`, () => {
  it('debates both sides in its read-only sandbox, its answers held to the JSON Schema and rendered, its tokens read, its session resumed', async () => {
    stub.setMode('answer');
    const repo = await repos.repo();
    const [argvsBefore, requestsBefore] = [(await argvs()).length, stub.requests.length];
    const reviewer = startCli(['--agent', 'codex', 'HEAD'], { cwd: repo.dir, env });
    await waitFor(() => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', 'codex', 'HEAD'], { cwd: repo.dir, env });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text).toContain('*— Responder · codex · ');
    // Each side's JSON under --output-schema, valid at its first try, rendered in the canonical form.
    const requests = stub.requests.slice(requestsBefore);
    expectCanonicalDebate(text, { stderr: a.stderr + b.stderr, requests });
    // One request a turn: each section's tokens are the stub's, a resumed turn's too (Codex reports the thread's running totals).
    const usages = [...text.matchAll(/^<!-- code-debate usage (\{.*\}) -->$/gm)].map((match) => JSON.parse(match[1] ?? '{}') as unknown);
    const turn = {
      inputTokens: responsesUsage.input_tokens,
      outputTokens: responsesUsage.output_tokens,
      cachedInputTokens: responsesUsage.input_tokens_details.cached_tokens,
      costUsd: null,
    };
    expect(usages).toEqual([turn, turn, turn]);
    const calls = (await argvs()).slice(argvsBefore);
    // The Review and the Response with --output-schema (a file gone once the call is over), the CONSENSUS without.
    const schemaFile = (argv: string[]) => argv[argv.indexOf('--output-schema') + 1];
    expect(calls.map((argv) => argv.includes('--output-schema'))).toEqual([true, true, false]);
    expect(calls[0]).toEqual(['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '--output-schema', schemaFile(calls[0] ?? []), '-']);
    // The Reviewer's CONSENSUS goes on with its Review's conversation, still read-only.
    expect(calls[2]).toEqual(['exec', 'resume', '--json', '-c', 'sandbox_mode="read-only"', '--skip-git-repo-check', expect.stringMatching(/^[0-9a-f-]{36}$/), '-']);
    // What reached the Responses API: each turn's schema as its strict json_schema format; none for the CONSENSUS.
    const formats = requests.map((raw) => (JSON.parse(raw) as { text?: { format?: { type?: string; schema?: unknown } } }).text?.format);
    expect(formats.map((format) => (format?.type === 'json_schema' ? format.schema : null))).toEqual([
      answerJsonSchema({ turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] }).schema,
      answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1'], toHold: [] }).schema,
      null,
    ]);
  });

  it('writes nothing when the model runs a command, asks to leave the sandbox, applies a patch or types into a shell', async () => {
    stub.setMode('write-command');
    const repo = await repos.repo();
    const requestsBefore = stub.requests.length;
    const reviewer = await startCli(['--json', '--agent', 'codex', '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir, env }).exited;
    stub.setMode('answer');
    // No Responder: the Reviewer wrote its Review (its first answer valid), then the peer timed out (3).
    expect(reviewer.code, reviewer.stderr).toBe(3);
    // Its progress, read from its events as it worked: the commands it completed, never tokens (those come at its end).
    // How many of the refused calls codex reports as completed commands varies from run to run (some it only starts),
    // so the count is not pinned here; cli-progress.test.ts pins the reader on codex's events.
    const progress = jsonEvents(reviewer.stdout).filter((event) => event.type === 'agent-progress');
    for (const event of progress) expect(event).toMatchObject({ heading: 'Review', agent: 'codex', steps: expect.any(Number), tokens: null });
    expectCanonicalDebate(await repo.readReply(), { stderr: reviewer.stderr, requests: stub.requests.slice(requestsBefore), responded: false });
    for (const file of writtenFiles) expect(existsSync(path.join(repo.dir, file)), file).toBe(false);
    expect((await run('git', ['status', '--porcelain'], { cwd: repo.dir })).stdout.trim()).toBe('');
    // Codex ran every call and told the model it was refused: a read-only file system, or no way out of the sandbox
    // (a call that could not run at all, like a shell whose sandbox helper is missing, would prove nothing).
    const last = stub.requests.findLast((request) => /`## Review`/.test(request)) ?? '{"input":[]}';
    const outputs = (JSON.parse(last) as { input: Array<{ type: string; output?: string }> }).input.filter((item) => item.type === 'function_call_output');
    const calls = writingCalls(last);
    expect(outputs).toHaveLength(calls.length);
    calls.forEach((call, index) => expect(outputs[index]?.output).toMatch(call.answer));
  });

  it("asks for the answer's JSON Schema with --output-schema, fresh and resumed: the Responses API gets it as text.format, the final message is the answer", async () => {
    stub.setMode('answer');
    const repo = await repos.repo();
    const scope = { turn: 'follow-up', role: 'reviewer', toAnswer: [], toHold: ['R1', 'R2'] } as const;
    const answerSchema = answerJsonSchema(scope);
    const [argvsBefore, requestsBefore] = [(await argvs()).length, stub.requests.length];
    const agent = createCodexAgent({ model: null });
    const turn = { role: 'reviewer', turn: 'follow-up', answerSchema } as const;
    const written = await withEnv(env, async () => [
      await agent.writeTurn(turnRequest(repo.dir, { ...turn, round: 1, prompt: 'Hold R1 and R2 in `## Reviewer Follow-up 1`.' })),
      await agent.writeTurn(turnRequest(repo.dir, { ...turn, round: 2, continuation: 'Hold them again in `## Reviewer Follow-up 2`.' })),
    ]);
    // The stand-in's text under the schema (every own open point accepted), the final agent_message as it came.
    const accepted = { position: 'Accepted', reasoning: 'fixed as agreed.', severity: null };
    const expected = {
      summary: '',
      positions: [
        { id: 'R1', ...accepted },
        { id: 'R2', ...accepted },
      ],
      newPoints: [],
    };
    expect(written).toEqual([JSON.stringify(expected), JSON.stringify(expected)]);
    expect(checkAnswerData(expected, scope, 1).ok).toBe(true);
    const calls = (await argvs()).slice(argvsBefore);
    const files = calls.map((argv) => argv[argv.indexOf('--output-schema') + 1] ?? '');
    expect(calls).toEqual([
      ['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '--output-schema', files[0], '-'],
      ['exec', 'resume', '--json', '-c', 'sandbox_mode="read-only"', '--skip-git-repo-check', '--output-schema', files[1], expect.stringMatching(/^[0-9a-f-]{36}$/), '-'],
    ]);
    // Each schema file was in a folder of its own, gone once the call was over.
    for (const file of files) expect([path.dirname(path.dirname(file)), existsSync(path.dirname(file))]).toEqual([os.tmpdir(), false]);
    // One request a turn, each with the schema as the Responses API's strict json_schema format.
    const requests = stub.requests.slice(requestsBefore).map((raw) => JSON.parse(raw) as { text?: unknown; input: unknown[] });
    const format = { type: 'json_schema', strict: true, schema: answerSchema.schema, name: 'codex_output_schema' };
    expect(requests.map((request) => request.text)).toEqual([{ format }, { format }]);
    expect(JSON.stringify(requests[1]?.input)).toContain('Hold them again in `## Reviewer Follow-up 2`.');
  });

  it.each([
    [401, 'codex', 'Codex is not logged in or its credentials were refused'],
    [404, 'codex:gpt-nope', 'The model does not exist or this account cannot use it'],
    [429, 'codex', 'Codex is being rate limited'],
    [500, 'codex', "Codex's service failed on its side"],
    [503, 'codex', 'Codex is being rate limited, is overloaded'],
  ] as const)('names an API %s for what it is, and writes nothing', async (status, agent, says) => {
    stub.setMode(status);
    const repo = await repos.repo();
    const reviewer = await startCli(['--agent', agent, '--agent-timeout', '10s', 'HEAD'], { cwd: repo.dir, env }).exited;
    stub.setMode('answer');
    expect(reviewer.code, reviewer.stderr).toBe(4);
    expect(reviewer.stderr).toContain(says);
    expect(existsSync(repo.file) ? await repo.readReply() : '').not.toContain('## Review');
  });
});
