import { describe, expect, it } from 'vitest';
import type { TurnUsage } from '../../../src/protocol/usage.js';
import { failure } from '../../helpers/agent-failure.js';
import { ollamaAgainst, openAiAgainst } from './chat-agents.js';
import { completion } from './chat-server.js';
import { turnRequest } from './turn-request.js';

describe('createOpenAiAgent: a reasoning model’s thinking', () => {
  it.each([
    ['before the answer', '<think>\nLet me look at the diff.\n</think>\n\nThe answer.', 'The answer.'],
    ['between the answer’s paragraphs', 'A summary.\n\n<think>\nWait, line 3 too.\n</think>\n\n### R1. Missing check', 'A summary.\n\n### R1. Missing check'],
    ['after the answer', 'The answer.\n\n<think>\nIs that all? Yes.\n</think>\n', 'The answer.'],
    ['in several blocks', '<think>a</think>One.\n<think>b</think>\nTwo.<think>c</think>', 'One.\nTwo.'],
    ['opened by the chat template, so only its end is in the content', 'Let me look at the diff.\n</think>\n\nThe answer.', 'The answer.'],
    ['opened after the answer and never closed', 'The answer.\n\n<think>\nMaybe I should also', 'The answer.'],
  ])('is left out when it stands %s', async (_, content, expected) => {
    const { agent } = await ollamaAgainst([completion(content)]);
    expect(await agent.writeTurn(turnRequest())).toBe(expected);
  });

  it('still counts: the usage is the server’s, thinking included', async () => {
    const { agent } = await ollamaAgainst([completion('<think>\nA long thought.\n</think>\nThe answer.', 'stop', 900)]);
    const usages: TurnUsage[] = [];
    expect(await agent.writeTurn(turnRequest({ onUsage: (usage) => usages.push(usage) }))).toBe('The answer.');
    expect(usages).toEqual([{ inputTokens: 10, outputTokens: 900, cachedInputTokens: null, costUsd: null }]);
  });

  it('fails the turn when a `<think>` opens the answer and never ends: there is no section text', async () => {
    const { agent } = await ollamaAgainst([completion('<think>\nLet me look at the diff. First, the parser')]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      "Agent `ollama:qwen2.5-coder` failed to write review 1: the model's answer is thinking that never ends (a `<think>` with no `</think>`), " +
        'with no section text (finish_reason `stop`). Try again, or choose another model.',
    );
    expect(error.kind).toBe('empty-output');
  });
});

describe('createOpenAiAgent: an answer cut short', () => {
  it('says the model stopped at --max-output-tokens when the answer reached it (finish_reason length)', async () => {
    const { agent } = await openAiAgainst([completion('### R1. Half a', 'length', 2_048)], { maxOutputTokens: 2_048 });
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      'Agent `openai:gpt-test` failed to write review 1: the model stopped at its token limit (2,048 tokens, --max-output-tokens), so the answer is incomplete. ' +
        "Raise --max-output-tokens (or `maxOutputTokens` in .code-debate.json), and check that the model's context holds the prompt and that many tokens more.",
    );
    expect(error.kind).toBe('bad-output');
  });

  it('says the server’s own limit stopped the model when it counted fewer tokens than --max-output-tokens', async () => {
    const { agent } = await ollamaAgainst([completion('### R1. Half a', 'length', 4_096)]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      'Agent `ollama:qwen2.5-coder` failed to write review 1: the model stopped after 4,096 tokens, before its token limit (16,384 tokens, --max-output-tokens), ' +
        "so the answer is incomplete: the server's own limit or the model's context ended it. " +
        "Raise the server's limits (llama.cpp: --n-predict and --ctx-size; Ollama: OLLAMA_CONTEXT_LENGTH), or choose a model with a larger context.",
    );
    expect(error.kind).toBe('bad-output');
  });

  it('says the model stopped at its token limit while still thinking', async () => {
    const { agent } = await ollamaAgainst([completion('<think>\nStep 1', 'length', 16_384)]);
    expect((await failure(agent.writeTurn(turnRequest()))).message).toMatch(
      /: the model stopped at its token limit \(16,384 tokens, --max-output-tokens\), so the answer is incomplete\./,
    );
  });

  it('refuses an answer cut off by the content filter', async () => {
    const { agent } = await openAiAgainst([completion('### R1. Half a', 'content_filter')]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      "Agent `openai:gpt-test` failed to write review 1: the answer was cut off by the server's content filter (finish_reason `content_filter`), so it is incomplete. " +
        'Try again, or choose another model or server.',
    );
    expect(error.kind).toBe('bad-output');
  });
});
