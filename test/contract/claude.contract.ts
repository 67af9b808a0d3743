import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClaudeAgent } from '../../src/agents/presets/claude-agent.js';
import { AgentError } from '../../src/errors.js';
import { answerJsonSchema, checkAnswerData } from '../../src/protocol/answer-schema.js';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { jsonEvents, startCli } from '../helpers/run-cli.js';
import { turnRequest } from '../helpers/turn-request.js';
import { waitFor } from '../helpers/wait-for.js';
import { answers, startAnthropicStub, structuredOutputTool, stubUsage } from './anthropic-stub.js';
import { readArgvs, writeArgvWrapper } from './argv-wrapper.js';
import { expectCanonicalDebate } from './canonical-debate.js';
import { clisBin, pinned } from './clis.mjs';
import { withEnv } from './with-env.js';

// The real Claude Code, pinned (test/contract/clis.mjs), pointed at a local stand-in for the
// Anthropic API: nothing reaches a real model service.
const repos = useDebateRepos();
const run = promisify(execFile);
let stub: Awaited<ReturnType<typeof startAnthropicStub>>;
let env: Record<string, string>;
let argvLog: string;

beforeAll(async () => {
  const real = path.join(clisBin(), 'claude');
  if (!existsSync(real))
    throw new Error(`Claude Code ${pinned.claude.version} is not installed at ${real}: run \`node test/contract/install-clis.mjs\` (npm run test:agents does).`);
  stub = await startAnthropicStub();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-contract-claude-'));
  const wrappers = path.join(dir, 'bin');
  await mkdir(wrappers);
  await mkdir(path.join(dir, 'home'));
  argvLog = path.join(dir, 'argv.jsonl');
  // Records the argv code-debate gives `claude`, then runs the real one with the same stdin.
  await writeArgvWrapper(wrappers, 'claude', real, argvLog);
  env = {
    PATH: `${wrappers}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: path.join(dir, 'home'),
    ANTHROPIC_BASE_URL: stub.url,
    ANTHROPIC_API_KEY: 'sk-ant-stub',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    // Claude Code's own retries would wait out its backoff on every failure this suite provokes.
    CLAUDE_CODE_MAX_RETRIES: '0',
  };
});

afterAll(async () => {
  await stub?.close();
});

const argvs = () => readArgvs(argvLog);
const readOnlyArgs = ['-p', '--output-format', 'stream-json', '--verbose', '--include-partial-messages', '--tools', 'Read,Grep,Glob', '--permission-mode', 'dontAsk'];

describe(`Claude Code ${pinned.claude.version}, for real`, () => {
  it('debates both sides: read-only flags, its answers held to the JSON Schema and rendered, its session resumed, its tokens and cost', async () => {
    stub.setMode('answer');
    const repo = await repos.repo();
    const [argvsBefore, requestsBefore] = [(await argvs()).length, stub.requests.length];
    const reviewer = startCli(['--agent', 'claude', 'HEAD'], { cwd: repo.dir, env });
    await waitFor(() => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', 'claude', 'HEAD'], { cwd: repo.dir, env });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text).toContain('*— Reviewer · claude · ');
    // Each side's StructuredOutput call, valid at its first try, rendered in the canonical form.
    expectCanonicalDebate(text, { stderr: a.stderr + b.stderr, requests: stub.requests.slice(requestsBefore).map((request) => request.text) });
    // Its usage, as Claude Code reports it: the cache's reads counted as input and as cached; its own price.
    const usages = [...text.matchAll(/^<!-- code-debate usage (\{.*\}) -->$/gm)].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, number>);
    expect(usages).toHaveLength(3);
    for (const usage of usages) {
      expect(usage).toMatchObject({
        inputTokens: stubUsage.input_tokens + stubUsage.cache_read_input_tokens,
        outputTokens: stubUsage.output_tokens,
        cachedInputTokens: stubUsage.cache_read_input_tokens,
      });
      expect(usage.costUsd).toBeGreaterThan(0);
    }
    const calls = (await argvs()).slice(argvsBefore);
    for (const argv of calls) expect(argv.slice(0, readOnlyArgs.length)).toEqual(readOnlyArgs);
    // One call a section: the Review and the Response held to their turn's schema, the CONSENSUS free text.
    const schemaOf = (argv: string[]) => (argv.includes('--json-schema') ? (JSON.parse(argv[argv.indexOf('--json-schema') + 1] ?? '') as unknown) : null);
    expect(calls.map(schemaOf)).toEqual([
      answerJsonSchema({ turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] }).schema,
      answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1'], toHold: [] }).schema,
      null,
    ]);
    // The Reviewer's CONSENSUS goes on with the conversation of its Review.
    expect(calls.some((argv) => argv.includes('--resume'))).toBe(true);
    // Every request that offered the model tools offered only the reading ones.
    // Every request that offered the model tools offered only the reading ones, and StructuredOutput for a turn with a schema.
    const offered = stub.requests.slice(requestsBefore).filter((request) => Array.isArray(request.body.tools) && (request.body.tools as unknown[]).length > 0);
    expect(offered.length).toBeGreaterThan(0);
    for (const request of offered) {
      expect(
        (request.body.tools as Array<{ name: string }>)
          .map((tool) => tool.name)
          .filter((name) => name !== structuredOutputTool)
          .sort(),
      ).toEqual(['Glob', 'Grep', 'Read']);
    }
    expect(offered.filter((request) => (request.body.tools as Array<{ name: string }>).some((tool) => tool.name === structuredOutputTool)).length).toBeGreaterThanOrEqual(2);
  });

  it('stays read-only when the model asks for Write, Edit, NotebookEdit and Bash: nothing is written, the Review is', async () => {
    stub.setMode('write-tools');
    const repo = await repos.repo();
    const before = (await run('git', ['rev-parse', 'HEAD'], { cwd: repo.dir })).stdout;
    const requestsBefore = stub.requests.length;
    const reviewer = await startCli(['--json', '--agent', 'claude', '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir, env }).exited;
    stub.setMode('answer');
    // No Responder: the Reviewer wrote its Review, then the peer timed out (3), not 7 (the repository changed).
    expect(reviewer.code, reviewer.stderr).toBe(3);
    // Its progress, read from its stream as it worked: the first report at once, its first tool call.
    const progress = jsonEvents(reviewer.stdout).filter((event) => event.type === 'agent-progress');
    expect(progress[0]).toMatchObject({ heading: 'Review', agent: 'claude', steps: 1, tokens: null });
    expectCanonicalDebate(await repo.readReply(), { stderr: reviewer.stderr, requests: stub.requests.slice(requestsBefore).map((request) => request.text), responded: false });
    expect(existsSync(path.join(repo.dir, 'src', 'pwned.js'))).toBe(false);
    expect(existsSync(path.join(repo.dir, 'pwned-by-bash'))).toBe(false);
    expect(existsSync(path.join(repo.dir, 'pwned.ipynb'))).toBe(false);
    expect((await readFile(path.join(repo.dir, 'src', 'app.js'), 'utf8')).includes('console.log(name);')).toBe(true);
    expect((await run('git', ['rev-parse', 'HEAD'], { cwd: repo.dir })).stdout).toBe(before);
    // Each call was answered: with an error, since none of these tools is offered.
    const answered = stub.requests.findLast((request) => request.text.includes('tool_result'))?.text ?? '';
    for (const id of ['toolu_write', 'toolu_edit', 'toolu_notebook', 'toolu_bash']) expect(answered).toContain(`"tool_use_id":"${id}"`);
  });

  it("asks for the answer's JSON Schema with --json-schema, fresh and resumed: the model is offered StructuredOutput, whose call is the answer", async () => {
    stub.setMode('answer');
    const repo = await repos.repo();
    const scope = { turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: [] } as const;
    const answerSchema = answerJsonSchema(scope);
    const [argvsBefore, requestsBefore] = [(await argvs()).length, stub.requests.length];
    const agent = createClaudeAgent({ model: null });
    const turn = { role: 'responder', turn: 'response', answerSchema } as const;
    const written = await withEnv(env, async () => [
      await agent.writeTurn(turnRequest(repo.dir, { ...turn, round: 1, prompt: 'Answer R1 and R2 in `## Response 1`.' })),
      await agent.writeTurn(turnRequest(repo.dir, { ...turn, round: 2, continuation: 'Answer them again in `## Response 2`.' })),
    ]);
    // The stand-in's call of StructuredOutput (every open point agreed), read from the result's structured_output.
    const agreed = { label: 'Agreed', reasoning: 'the log goes; it was left from debugging.', evidence: [], reproduction: null };
    const expected = {
      summary: '',
      answers: [
        { id: 'R1', ...agreed },
        { id: 'R2', ...agreed },
      ],
      newPoints: [],
    };
    expect(written).toEqual([JSON.stringify(expected), JSON.stringify(expected)]);
    expect(checkAnswerData(expected, scope, 1).ok).toBe(true);
    const calls = (await argvs()).slice(argvsBefore);
    const schemaArgs = [...readOnlyArgs, '--json-schema', JSON.stringify(answerSchema.schema)];
    expect(calls).toEqual([schemaArgs, [...schemaArgs, '--resume', expect.stringMatching(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/)]]);
    // Each request offered the reading tools and StructuredOutput, its input_schema the schema itself; none forced a tool.
    const requests = stub.requests.slice(requestsBefore);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const request of requests) {
      const tools = request.body.tools as Array<{ name: string; input_schema?: unknown }>;
      expect(tools.map((tool) => tool.name).sort()).toEqual(['Glob', 'Grep', 'Read', structuredOutputTool]);
      expect(tools.find((tool) => tool.name === structuredOutputTool)?.input_schema).toEqual(answerSchema.schema);
      expect(request.body.tool_choice).toBeUndefined();
    }
    expect(requests.at(-1)?.text).toContain('Answer them again in `## Response 2`.');
  });

  it('returns the text of a model that does not call StructuredOutput, and names a model whose calls never follow the schema', async () => {
    const repo = await repos.repo();
    const answerSchema = answerJsonSchema({ turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] });
    const request = () => turnRequest(repo.dir, { prompt: 'Write `## Review`.', answerSchema });
    stub.setMode('text-not-structured');
    const requestsBefore = stub.requests.length;
    const text = await withEnv(env, () => createClaudeAgent({ model: null }).writeTurn(request()));
    // Claude Code insisted once, then took the text as the result.
    expect(text).toBe(answers[0]?.[1]);
    expect(stub.requests.slice(requestsBefore).some((each) => each.text.includes('You MUST call the StructuredOutput tool'))).toBe(true);
    stub.setMode('invalid-structured');
    const error = await withEnv(env, () => createClaudeAgent({ model: null }).writeTurn(request())).then(
      () => null,
      (caught: unknown) => caught,
    );
    stub.setMode('answer');
    expect(error).toBeInstanceOf(AgentError);
    expect([(error as AgentError).kind, (error as AgentError).message]).toEqual([
      'bad-output',
      "Agent `claude` failed to write review 1: Claude Code gave up on the answer's JSON Schema (error_max_structured_output_retries, exit code 1): " +
        'Failed to provide valid structured output after 5 attempts. Its model kept answering with JSON that does not follow the schema: ' +
        'run code-debate again, or choose another model with `--agent claude:<model>`. It printed nothing on stderr.',
    ]);
  });

  it.each([
    [401, 'Claude Code is not logged in or its credentials were refused'],
    [404, 'The model does not exist or this account cannot use it'],
    [429, 'Claude Code is being rate limited'],
    [500, "Claude Code's service failed on its side"],
    [529, 'Claude Code is being rate limited, is overloaded'],
  ] as const)('names an API %s for what it is, and writes nothing', async (status, says) => {
    stub.setMode(status);
    const repo = await repos.repo();
    const reviewer = await startCli(['--agent', 'claude', '--agent-timeout', '60s', 'HEAD'], { cwd: repo.dir, env }).exited;
    stub.setMode('answer');
    expect(reviewer.code, reviewer.stderr).toBe(4);
    expect(reviewer.stderr).toContain(says);
    expect(existsSync(repo.file) ? await repo.readReply() : '').not.toContain('## Review');
  });
});
