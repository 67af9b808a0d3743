import { describe, expect, it } from 'vitest';
import { resolveChatEndpoint, resolveOllamaHost } from '../../../src/agents/chat/openai-endpoint.js';
import { ConfigError } from '../../../src/errors.js';

describe('resolveOllamaHost', () => {
  it.each([
    ['', 'http://127.0.0.1:11434'],
    ['  ', 'http://127.0.0.1:11434'],
    ['0.0.0.0', 'http://127.0.0.1:11434'],
    ['0.0.0.0:8080', 'http://127.0.0.1:8080'],
    [':8080', 'http://127.0.0.1:8080'],
    ['gpu-box', 'http://gpu-box:11434'],
    ['gpu-box:11500', 'http://gpu-box:11500'],
    ['http://gpu-box', 'http://gpu-box:80'],
    ['https://ollama.example.com', 'https://ollama.example.com:443'],
    ['https://ollama.example.com/proxy/', 'https://ollama.example.com:443/proxy'],
    ['http://127.0.0.1:11434/', 'http://127.0.0.1:11434'],
    ['[::1]:9000', 'http://[::1]:9000'],
    ['::1', 'http://[::1]:11434'],
    ['::', 'http://[::1]:11434'],
  ])('reads %j as %s', (value, expected) => {
    expect(resolveOllamaHost(value)).toBe(expected);
  });

  it('refuses a scheme other than http(s) and a port that is not a number', () => {
    expect(() => resolveOllamaHost('ftp://box')).toThrow(new ConfigError('Cannot use OLLAMA_HOST `ftp://box`: expected `host:port` or an http(s) URL, e.g. 127.0.0.1:11434.'));
    expect(() => resolveOllamaHost('box:port')).toThrow(ConfigError);
  });
});

describe('resolveChatEndpoint', () => {
  it('gives Ollama /v1 on its host, with the key `ollama`, ignoring the OpenAI variables', () => {
    expect(resolveChatEndpoint('ollama', 'ollama:m', { OLLAMA_HOST: 'box:1234', OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://other/v1' })).toEqual({
      provider: 'ollama',
      baseUrl: 'http://box:1234/v1',
      apiKey: 'ollama',
      organization: null,
      project: null,
    });
  });

  it('gives OpenAI’s API, key, organization and project from the environment', () => {
    expect(resolveChatEndpoint('openai', 'openai:m', { OPENAI_API_KEY: ' sk-x ', OPENAI_ORG_ID: 'org-1', OPENAI_PROJECT_ID: 'proj-1' })).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      organization: 'org-1',
      project: 'proj-1',
    });
  });

  it('needs no key for a server other than OpenAI’s, local or not, and drops a trailing slash', () => {
    for (const url of ['http://127.0.0.1:8000/v1/', 'http://gpu-box:8000/v1']) {
      expect(resolveChatEndpoint('openai', 'openai:m', { OPENAI_BASE_URL: url })).toMatchObject({ baseUrl: url.replace(/\/$/, ''), apiKey: 'no-key' });
    }
  });

  it('needs a key for OpenAI’s API even when OPENAI_BASE_URL names it', () => {
    expect(() => resolveChatEndpoint('openai', 'openai:m', { OPENAI_BASE_URL: 'https://api.openai.com/v1', OPENAI_API_KEY: ' ' })).toThrow(
      expect.objectContaining({ name: 'AgentError', kind: 'auth' }),
    );
  });
});
