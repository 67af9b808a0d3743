import { describe, expect, it } from 'vitest';
import type { AgentProgress } from '../../../src/agents/agent.js';
import type { TurnUsage } from '../../../src/protocol/usage.js';
import { failure } from '../../helpers/agent-failure.js';
import { ollamaAgainst, openAiAgainst } from './chat-agents.js';
import { completion, streamed } from './chat-server.js';
import { turnRequest } from './turn-request.js';

const tokens = (text: string) => text.match(/\S+\s*/g) ?? [];
const answer = 'The input is not checked before it is parsed, so a bad file crashes the command.';

describe('createOpenAiAgent: a streamed answer', () => {
  it('adds the streamed tokens up to the answer, tells its progress as they come, and its usage at the end', async () => {
    const { server, agent } = await ollamaAgainst([streamed(tokens(answer))]);
    const progress: AgentProgress[] = [];
    const usages: TurnUsage[] = [];
    expect(await agent.writeTurn(turnRequest({ onProgress: (step) => progress.push(step), onUsage: (usage) => usages.push(usage) }))).toBe(answer);
    expect(progress.map((step) => step.tokens)).toEqual(tokens(answer).map((_, index) => index + 1));
    expect(progress[0]?.tokensPerSecond).toBeNull();
    expect(usages).toEqual([expect.objectContaining({ inputTokens: 10, outputTokens: tokens(answer).length })]);
    expect(server.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('keeps reading a slow model for as long as its tokens keep coming, however much longer than --agent-silence the answer takes', async () => {
    const silenceMs = 800;
    const words = [...tokens(answer), ...tokens(answer)];
    const intervalMs = 80;
    const { agent } = await ollamaAgainst([streamed(words, { intervalMs })], { silenceMs });
    const progress: AgentProgress[] = [];
    const started = Date.now();
    expect(await agent.writeTurn(turnRequest({ timeoutMs: 60_000, onProgress: (step) => progress.push(step) }))).toBe(words.join(''));
    // The answer took longer than the silence bound: only a stream that kept sending could last it.
    expect(Date.now() - started).toBeGreaterThan(2 * silenceMs);
    const last = progress.at(-1);
    expect(last?.tokens).toBe(words.length);
    // At most one token per interval: the speed the stream shows cannot pass it.
    expect(last?.tokensPerSecond).toBeGreaterThan(0);
    expect(last?.tokensPerSecond).toBeLessThanOrEqual(1000 / intervalMs + 0.5);
  });

  it('does not count the time a server takes to read the prompt, before its first token, as silence', async () => {
    const silenceMs = 300;
    const { agent } = await ollamaAgainst([{ ...streamed(tokens(answer)), delayMs: 3 * silenceMs }], { silenceMs });
    expect(await agent.writeTurn(turnRequest({ timeoutMs: 60_000 }))).toBe(answer);
  });

  it('names the server as stuck when it stops sending mid-answer for --agent-silence', async () => {
    const silenceMs = 500;
    const { server, agent, url } = await ollamaAgainst([streamed(tokens(answer).slice(0, 3), { finishReason: null, hang: true })], { silenceMs });
    const started = Date.now();
    const error = await failure(agent.writeTurn(turnRequest({ timeoutMs: 60_000 })));
    expect(error.message).toBe(
      `Agent \`ollama:qwen2.5-coder\` failed to write review 1: the server at ${url} sent no token for 0.5 seconds after 3 tokens of its answer (--agent-silence), ` +
        "so the request was cancelled: the server looks stuck, not slow. Check the server's log (it may have crashed, run out of memory, or be swapping), " +
        'or raise --agent-silence if the model pauses that long.',
    );
    expect(error.kind).toBe('server-error');
    expect(error.retryable).toBe(true);
    // Well before the turn's own deadline, which would have come after a minute.
    expect(Date.now() - started).toBeLessThan(30_000);
    await server.closed(0);
  });

  it('says the answer is incomplete when the stream ends without a finish_reason', async () => {
    const { url, agent } = await openAiAgainst([streamed(tokens(answer).slice(0, 4), { finishReason: null })]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`openai:gpt-test\` failed to write review 1: the server at ${url} ended its answer after 4 tokens without saying why (no finish_reason), ` +
        "so the answer is incomplete. Check the server's log: it may have crashed or run out of memory.",
    );
    expect(error.kind).toBe('server-error');
  });

  it('says an answer that reached --max-output-tokens in the stream is incomplete', async () => {
    const { agent } = await ollamaAgainst([streamed(tokens(answer), { finishReason: 'length' })], { maxOutputTokens: 300 });
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toMatch(/the model stopped after 16 tokens, before its token limit \(300 tokens, --max-output-tokens\)/);
    expect(error.kind).toBe('bad-output');
  });
});

describe('createOpenAiAgent: a server that does not stream', () => {
  it('is served when it answers a streamed request with the whole completion', async () => {
    const { server, agent } = await ollamaAgainst([completion(answer)]);
    const progress: AgentProgress[] = [];
    expect(await agent.writeTurn(turnRequest({ onProgress: (step) => progress.push(step) }))).toBe(answer);
    expect(progress).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('says so when what it sent is not a chat completion at all', async () => {
    const { agent, url } = await ollamaAgainst([{ body: 'OK' }]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`ollama:qwen2.5-coder\` failed to write review 1: the answer from ${url} is not a chat completion ("OK"). ` +
        'Check that the URL is an OpenAI-compatible API, usually ending in /v1.',
    );
    expect(error.kind).toBe('crashed');
  });

  it('names its limits when the turn runs out of time: no token shows, and --agent-silence cannot apply', async () => {
    const { agent, url } = await ollamaAgainst([completion(answer), { ...completion(answer), delayMs: 'never' }]);
    await agent.writeTurn(turnRequest());
    const error = await failure(agent.writeTurn(turnRequest({ timeoutMs: 500 })));
    expect(error.message).toBe(
      `Agent \`ollama:qwen2.5-coder\` failed to write review 1: the server at ${url} did not answer within 0.5 seconds (--agent-timeout), so the request was cancelled. ` +
        'A long prompt can take a local model a while: raise --agent-timeout, or choose a smaller model. ' +
        'This server does not stream its answers, so no token shows before the whole answer is done and --agent-silence cannot tell a stuck server from a slow one.',
    );
    expect(error.kind).toBe('timed-out');
  });

  it('is asked again without stream_options when it refuses them, and later turns ask without them', async () => {
    const { server, agent } = await openAiAgainst([
      { status: 400, body: { error: { message: 'Unrecognized request argument supplied: stream_options', type: 'invalid_request_error' } } },
      streamed(tokens(answer), { usage: false }),
    ]);
    const usages: TurnUsage[] = [];
    expect(await agent.writeTurn(turnRequest({ onUsage: (usage) => usages.push(usage) }))).toBe(answer);
    expect(await agent.writeTurn(turnRequest())).toBe(answer);
    const asked = server.requests.map((request) => request.body as Record<string, unknown>);
    expect(asked.map((body) => [body.stream, body.stream_options])).toEqual([
      [true, { include_usage: true }],
      [true, undefined],
      [true, undefined],
    ]);
    expect(usages).toEqual([]);
  });

  it('is asked again without the stream when it refuses one', async () => {
    const { server, agent } = await ollamaAgainst([{ status: 400, body: { error: 'streaming is not supported by this server' } }, completion(answer)]);
    expect(await agent.writeTurn(turnRequest())).toBe(answer);
    expect(await agent.writeTurn(turnRequest())).toBe(answer);
    expect(server.requests.map((request) => (request.body as Record<string, unknown>).stream)).toEqual([true, undefined, undefined]);
  });
});
