import { afterEach, describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { serverUsage, startChatStub, type ChatServerKind } from './chat-stub.js';

// The `openai:` and `ollama:` agents through the real `openai` SDK, against local stand-ins that report usage as each server does.
const repos = useDebateRepos();
const stubs: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});

const cases: Array<[ChatServerKind, string, (origin: string) => Record<string, string>, number | null]> = [
  ['openai', 'openai:gpt-stub', (origin) => ({ OPENAI_BASE_URL: `${origin}/v1`, OPENAI_API_KEY: 'stub-key' }), 1_024],
  ['ollama', 'ollama:qwen2.5-coder', (origin) => ({ OLLAMA_HOST: origin }), null],
  ['vllm', 'openai:Qwen/Qwen2.5-Coder-7B-Instruct', (origin) => ({ OPENAI_BASE_URL: `${origin}/v1` }), null],
  ['llama.cpp', 'openai:local', (origin) => ({ OPENAI_BASE_URL: `${origin}/v1` }), null],
];

describe('OpenAI-compatible servers', () => {
  it.each(cases)("%s: a debate's tokens are read from the server's usage, each section's and in all", async (kind, agent, env, cached) => {
    const stub = await startChatStub(kind);
    stubs.push(stub);
    const repo = await repos.repo();
    const options = { cwd: repo.dir, env: env(stub.origin) };
    const reviewer = startCli(['--agent', agent, 'HEAD'], options);
    await waitFor(() => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', agent, 'HEAD'], options);
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expectEndedWhole(await repo.readReply());
    const usage = serverUsage[kind];
    const turn = { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens, cachedInputTokens: cached, costUsd: null };
    const shown = JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as { usage: { sections: Array<Record<string, unknown>>; total: unknown } };
    expect(shown.usage.sections.map(({ inputTokens, outputTokens, cachedInputTokens, costUsd }) => ({ inputTokens, outputTokens, cachedInputTokens, costUsd }))).toEqual(
      stub.requests.map(() => turn),
    );
    expect(shown.usage.total).toEqual({
      inputTokens: 1_500 * stub.requests.length,
      outputTokens: 90 * stub.requests.length,
      cachedInputTokens: cached === null ? null : cached * stub.requests.length,
      costUsd: null,
    });
    expect(b.stderr).toContain(`(1,500 in${cached === null ? '' : ' (1,024 cached)'} / 90 out tokens, cost not reported)`);
  });
});
