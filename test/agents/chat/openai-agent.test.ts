import { describe, expect, it } from 'vitest';
import { createOpenAiAgent } from '../../../src/agents/chat/openai-agent.js';
import { chatSystemMessage } from '../../../src/agents/chat/openai-chat-params.js';
import { AgentError, ConfigError } from '../../../src/errors.js';
import { failure } from '../../helpers/agent-failure.js';
import { maxOutputTokens, ollamaAgainst, openAiAgainst, silenceMs } from './chat-agents.js';
import { closedPort, completion, startChatServer } from './chat-server.js';
import { waitFor } from '../../helpers/wait-for.js';
import { turnRequest } from './turn-request.js';

const chatBody = (model: string) => ({
  model,
  messages: [
    { role: 'system', content: chatSystemMessage },
    { role: 'user', content: 'Review this change.\nIt has two lines.' },
  ],
  max_tokens: maxOutputTokens,
  stream: true,
  stream_options: { include_usage: true },
});

describe('createOpenAiAgent: a turn', () => {
  it('asks Ollama at OLLAMA_HOST + /v1 for one chat completion of the prompt, with the key `ollama`', async () => {
    const { server, agent } = await ollamaAgainst([completion('### R1. Missing check\n**Severity:** low\n')]);
    expect(agent.name).toBe('ollama:qwen2.5-coder');
    expect(await agent.writeTurn(turnRequest())).toBe('### R1. Missing check\n**Severity:** low');
    expect(server.requests).toEqual([{ method: 'POST', url: '/v1/chat/completions', authorization: 'Bearer ollama', body: chatBody('qwen2.5-coder') }]);
  });

  it('asks the server at OPENAI_BASE_URL with OPENAI_API_KEY', async () => {
    const { server, agent } = await openAiAgainst([completion('An answer.')]);
    expect(agent.name).toBe('openai:gpt-test');
    expect(await agent.writeTurn(turnRequest({ turn: 'response', role: 'responder' }))).toBe('An answer.');
    expect(server.requests).toEqual([{ method: 'POST', url: '/v1/chat/completions', authorization: 'Bearer sk-test', body: chatBody('gpt-test') }]);
  });

  it('sends a placeholder key to a server other than OpenAI when OPENAI_API_KEY is not set', async () => {
    const { server, agent } = await openAiAgainst([completion('An answer.')], { env: { OPENAI_API_KEY: '' } });
    expect(await agent.writeTurn(turnRequest())).toBe('An answer.');
    expect(server.requests.map((request) => request.authorization)).toEqual(['Bearer no-key']);
  });

  it('asks for at most --max-output-tokens tokens, as max_tokens', async () => {
    const { server, agent } = await openAiAgainst([completion('An answer.')], { maxOutputTokens: 2_048 });
    expect(await agent.writeTurn(turnRequest())).toBe('An answer.');
    expect(server.requests.map((request) => (request.body as Record<string, unknown>).max_tokens)).toEqual([2_048]);
  });
});

describe('createOpenAiAgent: configuration', () => {
  it('refuses OpenAI without OPENAI_API_KEY, saying what to set', () => {
    expect(() => createOpenAiAgent({ provider: 'openai', model: 'gpt-4.1', env: {}, maxOutputTokens, silenceMs })).toThrow(
      new AgentError(
        'Cannot use the agent `openai:gpt-4.1`: OPENAI_API_KEY is not set, and https://api.openai.com/v1 needs a key. ' +
          'Set OPENAI_API_KEY to your API key, or set OPENAI_BASE_URL to an OpenAI-compatible server that needs none (e.g. http://127.0.0.1:8000/v1 for vLLM).',
        'auth',
      ),
    );
    expect(() => createOpenAiAgent({ provider: 'openai', model: 'gpt-4.1', env: {}, maxOutputTokens, silenceMs })).toThrow(expect.objectContaining({ kind: 'auth' }));
  });

  it('refuses a missing model and a base URL that is not http(s)', () => {
    expect(() => createOpenAiAgent({ provider: 'ollama', model: ' ', env: {}, maxOutputTokens, silenceMs })).toThrow(
      new ConfigError('Cannot use the agent `ollama:`: expected a model after `ollama:`, e.g. --agent ollama:qwen2.5-coder.'),
    );
    expect(() => createOpenAiAgent({ provider: 'openai', model: 'm', env: { OPENAI_BASE_URL: 'localhost:8000/v1', OPENAI_API_KEY: 'k' }, maxOutputTokens, silenceMs })).toThrow(
      new ConfigError('Cannot use OPENAI_BASE_URL `localhost:8000/v1`: expected an http(s) URL such as http://127.0.0.1:8000/v1.'),
    );
  });
});

describe('createOpenAiAgent: failures, with the server’s own message', () => {
  it('says to pull a model Ollama does not have ({"error": "..."})', async () => {
    const { agent, url } = await ollamaAgainst([{ status: 404, body: { error: "model 'llama9' not found" } }], { model: 'llama9' });
    const error = await failure(agent.writeTurn(turnRequest({ turn: 'response', round: 2 })));
    expect(error.message).toBe(
      `Agent \`ollama:llama9\` failed to write response 2: the server at ${url} has no model \`llama9\` (404: model 'llama9' not found). ` +
        'Pull it with `ollama pull llama9`, or list the installed models with `ollama list`.',
    );
    expect(error.kind).toBe('model-not-found');
  });

  it('says where the models are listed when an OpenAI-style server has no such model ({"error": {"message"}})', async () => {
    const { agent, url } = await openAiAgainst([
      {
        status: 404,
        body: { error: { message: 'The model `gpt-x` does not exist or you do not have access to it.', type: 'invalid_request_error', param: null, code: 'model_not_found' } },
      },
    ]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`openai:gpt-test\` failed to write review 1: the server at ${url} has no model \`gpt-test\` ` +
        `(404: The model \`gpt-x\` does not exist or you do not have access to it.). Check the model name: the server lists its models at ${url}/models.`,
    );
    expect(error.kind).toBe('model-not-found');
  });

  it('reads vLLM’s top-level {"message"} body, which the SDK drops', async () => {
    const { agent, url } = await openAiAgainst([
      { status: 404, body: { object: 'error', message: 'The model `gpt-test` does not exist.', type: 'NotFoundError', param: null, code: 404 } },
    ]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`openai:gpt-test\` failed to write review 1: the server at ${url} has no model \`gpt-test\` (404: The model \`gpt-test\` does not exist.). ` +
        `Check the model name: the server lists its models at ${url}/models.`,
    );
  });

  it('shows a plain-text error body as it is, and does not retry a 400', async () => {
    const { server, agent, url } = await openAiAgainst([{ status: 400, body: "This model's maximum context length is 4096 tokens. However, you requested 9000 tokens.\n" }]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`openai:gpt-test\` failed to write review 1: the server at ${url} answered 400: This model's maximum context length is 4096 tokens. ` +
        "However, you requested 9000 tokens.. Check the server's log, then try again.",
    );
    expect(error.kind).toBe('crashed');
    expect(server.requests).toHaveLength(1);
  });

  it('says the key was refused on 401', async () => {
    const { agent, url } = await openAiAgainst(
      [{ status: 401, body: { error: { message: 'Incorrect API key provided: sk-bad.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } }],
      { env: { OPENAI_API_KEY: 'sk-bad' } },
    );
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`openai:gpt-test\` failed to write review 1: the server at ${url} refused the request (401: Incorrect API key provided: sk-bad.). ` +
        'Set OPENAI_API_KEY to a valid key for this server.',
    );
    expect(error.kind).toBe('auth');
  });

  it('reports a 429 as rate limited, with no retry of its own: the session retries a turn once', async () => {
    const { server, agent, url } = await openAiAgainst([
      { status: 429, body: { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } } },
    ]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`openai:gpt-test\` failed to write review 1: the server at ${url} is rate limiting requests (429: Rate limit reached for requests). ` +
        "Wait a little and run code-debate again, or check your plan's limits.",
    );
    expect(error.kind).toBe('rate-limited');
    expect(error.retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a 503 as retryable after one request, and the next turn gets the answer', async () => {
    const { server, agent, url } = await ollamaAgainst([
      { status: 503, body: { error: 'server busy, please try again.  maximum pending requests exceeded' } },
      completion('Fine now.'),
    ]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`ollama:qwen2.5-coder\` failed to write review 1: the server at ${url} answered 503: server busy, please try again. maximum pending requests exceeded. ` +
        "Check the server's log, then try again.",
    );
    expect(error.retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(await agent.writeTurn(turnRequest())).toBe('Fine now.');
  });

  it('reports a 5xx with the text of an HTML error page as crashed', async () => {
    const { agent, url } = await ollamaAgainst([
      {
        status: 502,
        contentType: 'text/html',
        body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
      },
    ]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`ollama:qwen2.5-coder\` failed to write review 1: the server at ${url} answered 502: 502 Bad Gateway 502 Bad Gateway nginx. Check the server's log, then try again.`,
    );
    expect(error.kind).toBe('crashed');
  });

  it('says to check the URL when the server has no chat-completions endpoint there', async () => {
    const server = await startChatServer([completion('unused')]);
    const agent = createOpenAiAgent({
      provider: 'openai',
      model: 'm',
      env: { OPENAI_BASE_URL: `http://127.0.0.1:${server.port}/`, OPENAI_API_KEY: 'k' },
      maxOutputTokens,
      silenceMs,
    });
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`openai:m\` failed to write review 1: the server at http://127.0.0.1:${server.port} has no chat-completions endpoint (404: Not Found). ` +
        'Check the URL in OPENAI_BASE_URL: OpenAI-compatible servers serve it under /v1.',
    );
    expect(server.requests.map((request) => request.url)).toEqual(['/chat/completions']);
  });

  it('says there is no server, and how to start one, when the connection is refused', async () => {
    const port = await closedPort();
    const agent = createOpenAiAgent({ provider: 'ollama', model: 'llama3.2', env: { OLLAMA_HOST: `http://127.0.0.1:${port}` }, maxOutputTokens, silenceMs });
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`ollama:llama3.2\` failed to write review 1: no server at http://127.0.0.1:${port}/v1 (connection refused). ` +
        'Start it (`ollama serve`), or set OLLAMA_HOST to where it listens.',
    );
    expect(error.kind).toBe('not-installed');
    expect(error.retryable).toBe(false);

    const openAi = createOpenAiAgent({ provider: 'openai', model: 'm', env: { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` }, maxOutputTokens, silenceMs });
    expect((await failure(openAi.writeTurn(turnRequest()))).message).toBe(
      `Agent \`openai:m\` failed to write review 1: no server at http://127.0.0.1:${port}/v1 (connection refused). Start it, or set OPENAI_BASE_URL to where it listens.`,
    );
  });

  it('cancels the request at the turn’s deadline', async () => {
    const { server, agent, url } = await ollamaAgainst([{ delayMs: 'never' }]);
    const started = Date.now();
    const error = await failure(agent.writeTurn(turnRequest({ timeoutMs: 500 })));
    expect(error.message).toBe(
      `Agent \`ollama:qwen2.5-coder\` failed to write review 1: the server at ${url} did not answer within 0.5 seconds (--agent-timeout), so the request was cancelled. ` +
        'A long prompt can take a local model a while: raise --agent-timeout, or choose a smaller model.',
    );
    expect(error.kind).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(5_000);
    await server.closed(0);
    expect(server.requests).toHaveLength(1);
  });

  it('cancels the request when the turn is interrupted', async () => {
    const { server, agent } = await ollamaAgainst([{ delayMs: 'never' }]);
    const controller = new AbortController();
    const turn = failure(agent.writeTurn(turnRequest({ signal: controller.signal })));
    await waitFor(() => server.requests.length === 1, 'the request to reach the server');
    controller.abort();
    const error = await turn;
    expect(error).toEqual(new AgentError('Agent `ollama:qwen2.5-coder` failed to write review 1: the turn was interrupted.', 'interrupted'));
    expect(error.kind).toBe('interrupted');
    await server.closed(0);
  });

  it('sends nothing for a turn interrupted before it started', async () => {
    const { server, agent } = await ollamaAgainst([completion('unused')]);
    const controller = new AbortController();
    controller.abort();
    expect((await failure(agent.writeTurn(turnRequest({ signal: controller.signal })))).kind).toBe('interrupted');
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['an empty', ''],
    ['a null', null],
    ['a blank', ' \n\n'],
  ])('fails with empty-output on %s completion', async (_, content) => {
    const { agent } = await ollamaAgainst([completion(content)]);
    const error = await failure(agent.writeTurn(turnRequest({ turn: 'follow-up', round: 1 })));
    expect(error).toEqual(
      new AgentError(
        "Agent `ollama:qwen2.5-coder` failed to write follow-up 1: the model answered with no text (finish_reason `stop`), and a turn needs the section's text. " +
          'Try again, or choose another model.',
        'empty-output',
      ),
    );
    expect(error.kind).toBe('empty-output');
  });

  it('says so when a 200 answer is not a chat completion', async () => {
    const { agent, url } = await openAiAgainst([{ body: { status: 'ok' } }]);
    const error = await failure(agent.writeTurn(turnRequest()));
    expect(error.message).toBe(
      `Agent \`openai:gpt-test\` failed to write review 1: the answer from ${url} is not a chat completion ({"status":"ok"}). ` +
        'Check that the URL is an OpenAI-compatible API, usually ending in /v1.',
    );
    expect(error.kind).toBe('crashed');
  });
});
