import { describe, expect, it } from 'vitest';
import { chatParams, chatSystemMessage } from '../../../src/agents/chat/openai-chat-params.js';
import { resolveChatEndpoint } from '../../../src/agents/chat/openai-endpoint.js';

const messages = [
  { role: 'system', content: chatSystemMessage },
  { role: 'user', content: 'Review this.' },
];

describe('chatParams: the output limit', () => {
  it('is max_completion_tokens for OpenAI’s own API, whose reasoning models refuse max_tokens', () => {
    const endpoint = resolveChatEndpoint('openai', 'openai:gpt-5', { OPENAI_API_KEY: 'sk-test' });
    expect(chatParams({ model: 'gpt-5', endpoint, prompt: 'Review this.', maxOutputTokens: 16_384, structuredOutput: true, stream: false, streamOptions: false })).toEqual({
      model: 'gpt-5',
      messages,
      max_completion_tokens: 16_384,
    });
  });

  it('is max_tokens for any other server', () => {
    const vllm = resolveChatEndpoint('openai', 'openai:m', { OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' });
    expect(chatParams({ model: 'm', endpoint: vllm, prompt: 'Review this.', maxOutputTokens: 4_000, structuredOutput: true, stream: false, streamOptions: false })).toEqual({
      model: 'm',
      messages,
      max_tokens: 4_000,
    });
    const ollama = resolveChatEndpoint('ollama', 'ollama:m', {});
    expect(chatParams({ model: 'm', endpoint: ollama, prompt: 'Review this.', maxOutputTokens: 4_000, structuredOutput: true, stream: false, streamOptions: false })).toEqual({
      model: 'm',
      messages,
      max_tokens: 4_000,
    });
  });
});

describe('chatParams: the stream', () => {
  const endpoint = resolveChatEndpoint('ollama', 'ollama:m', {});
  const input = { model: 'm', endpoint, prompt: 'Review this.', maxOutputTokens: 4_000, structuredOutput: true };

  it('asks for the answer as a stream, with the usage at its end', () => {
    expect(chatParams({ ...input, stream: true, streamOptions: true })).toEqual({
      model: 'm',
      messages,
      max_tokens: 4_000,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('leaves out stream_options, or the stream, for a server that refused them', () => {
    expect(chatParams({ ...input, stream: true, streamOptions: false })).toEqual({ model: 'm', messages, max_tokens: 4_000, stream: true });
    expect(chatParams({ ...input, stream: false, streamOptions: true })).toEqual({ model: 'm', messages, max_tokens: 4_000 });
  });
});
