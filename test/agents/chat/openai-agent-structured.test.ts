import { BadRequestError } from 'openai';
import { describe, expect, it } from 'vitest';
import { createOpenAiAgent } from '../../../src/agents/chat/openai-agent.js';
import { chatJsonSystemMessage, chatSystemMessage } from '../../../src/agents/chat/openai-chat-params.js';
import { answerJsonSchema } from '../../../src/protocol/answer-schema.js';
import { ConfigError } from '../../../src/errors.js';
import { failure } from '../../helpers/agent-failure.js';
import { maxOutputTokens, ollamaAgainst, openAiAgainst, silenceMs } from './chat-agents.js';
import { completion } from './chat-server.js';
import { turnRequest } from './turn-request.js';

const reviewSchema = answerJsonSchema({ turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] });
const responseSchema = answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: [] });
const answer = '{"summary":"","points":[{"title":"Missing check","severity":"low","evidence":[],"reasoning":"The input is not checked."}]}';
const prompt = 'Review this change.\nIt has two lines.';

const stream = { stream: true, stream_options: { include_usage: true } };
const jsonMessages = [
  { role: 'system', content: chatJsonSystemMessage },
  { role: 'user', content: prompt },
];

describe('createOpenAiAgent: a turn answered as data', () => {
  it('asks an OpenAI-compatible server for the schema as response_format json_schema, strict, and returns the JSON text', async () => {
    const { server, agent } = await openAiAgainst([completion(answer)]);
    expect(await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }))).toBe(answer);
    expect(server.requests.map((request) => request.body)).toEqual([
      {
        model: 'gpt-test',
        messages: jsonMessages,
        max_tokens: maxOutputTokens,
        ...stream,
        response_format: { type: 'json_schema', json_schema: { name: 'code_debate_review', strict: true, schema: reviewSchema.schema } },
      },
    ]);
  });

  it('asks Ollama’s OpenAI-compatible endpoint in the same form, whose json_schema.schema it turns into its `format`', async () => {
    const { server, agent } = await ollamaAgainst([completion(answer)]);
    expect(await agent.writeTurn(turnRequest({ turn: 'response', role: 'responder', answerSchema: responseSchema }))).toBe(answer);
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'code_debate_response', strict: true, schema: responseSchema.schema } });
    expect(body).not.toHaveProperty('format');
    expect(body.messages).toEqual(jsonMessages);
  });

  it('says in the system message that the answer is one JSON object following the schema, not a section in Markdown', () => {
    expect(chatJsonSystemMessage).toContain('Answer with one JSON object that follows the JSON Schema of the answer, and nothing else');
    expect(chatJsonSystemMessage).not.toContain('in Markdown');
    expect(chatSystemMessage).toContain('in Markdown');
  });

  it.each(['off', 'OFF', ' off '])('sends no response_format with CODE_DEBATE_STRUCTURED_OUTPUT=%j, and still asks for JSON', async (value) => {
    const { server, agent } = await ollamaAgainst([completion(answer)], { env: { CODE_DEBATE_STRUCTURED_OUTPUT: value } });
    expect(await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }))).toBe(answer);
    expect(server.requests.map((request) => request.body)).toEqual([{ model: 'qwen2.5-coder', messages: jsonMessages, max_tokens: maxOutputTokens, ...stream }]);
  });

  it('sends response_format with CODE_DEBATE_STRUCTURED_OUTPUT=on', async () => {
    const { server, agent } = await openAiAgainst([completion(answer)], { env: { CODE_DEBATE_STRUCTURED_OUTPUT: 'on' } });
    await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    expect(server.requests[0]?.body).toHaveProperty('response_format.type', 'json_schema');
  });

  it('sends no response_format, and asks for Markdown, for a turn without a schema (the CONSENSUS)', async () => {
    const { server, agent } = await openAiAgainst([completion('The debate ends here.')]);
    expect(await agent.writeTurn(turnRequest({ turn: 'consensus' }))).toBe('The debate ends here.');
    expect(server.requests.map((request) => request.body)).toEqual([
      {
        model: 'gpt-test',
        messages: [
          { role: 'system', content: chatSystemMessage },
          { role: 'user', content: prompt },
        ],
        max_tokens: maxOutputTokens,
        ...stream,
      },
    ]);
  });

  it('refuses another value of CODE_DEBATE_STRUCTURED_OUTPUT, saying which it takes', () => {
    expect(() => createOpenAiAgent({ provider: 'ollama', model: 'm', env: { CODE_DEBATE_STRUCTURED_OUTPUT: 'no' }, maxOutputTokens, silenceMs })).toThrow(
      new ConfigError('Cannot use CODE_DEBATE_STRUCTURED_OUTPUT `no`: expected `off` (ask the server for no structured output) or `on` (the default).'),
    );
  });
});

const hasFormat = (body: unknown): boolean => Object.hasOwn(body as object, 'response_format');

describe('createOpenAiAgent: a server that refuses structured output', () => {
  it.each([
    [
      'OpenAI’s {"error": {"message"}}',
      {
        error: {
          message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
          type: 'invalid_request_error',
          param: 'response_format',
          code: null,
        },
      },
    ],
    ['vLLM’s top-level {"message"}', { object: 'error', message: 'json_schema is not supported by the xgrammar backend', type: 'BadRequestError', param: null, code: 400 }],
  ])('answers 400 naming it (%s): the request is sent once more without it, and later turns ask without it', async (_, body) => {
    const { server, agent } = await openAiAgainst([{ status: 400, body }, completion(answer)]);
    expect(await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }))).toBe(answer);
    expect(await agent.writeTurn(turnRequest({ turn: 'response', round: 1, answerSchema: responseSchema }))).toBe(answer);
    expect(server.requests.map((request) => hasFormat(request.body))).toEqual([true, false, false]);
    expect(server.requests.map((request) => (request.body as { messages: unknown }).messages)).toEqual([jsonMessages, jsonMessages, jsonMessages]);
  });

  it('keeps the refusal, worth a warning, as the cause when the request without it fails too', async () => {
    const refusal = "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.";
    const { server, agent, url } = await openAiAgainst([
      { status: 400, body: { error: { message: refusal, type: 'invalid_request_error' } } },
      { status: 400, body: { error: { message: "This model's maximum context length is 4096 tokens", type: 'invalid_request_error' } } },
    ]);
    const error = await failure(agent.writeTurn(turnRequest({ answerSchema: reviewSchema })));
    expect(error.message).toBe(
      `Agent \`openai:gpt-test\` failed to write review 1: the server at ${url} answered 400: This model's maximum context length is 4096 tokens. Check the server's log, then try again.`,
    );
    expect(error.kind).toBe('crashed');
    expect((error.cause as Error).message).toBe(
      `The server at ${url} refused structured output (400: ${refusal}), so the request was sent again without response_format. ` +
        'Set CODE_DEBATE_STRUCTURED_OUTPUT=off so that it is not asked for.',
    );
    expect((error.cause as Error).cause).toBeInstanceOf(BadRequestError);
    expect(server.requests.map((request) => hasFormat(request.body))).toEqual([true, false]);
  });

  it('sends a request once only when its 400 does not name structured output', async () => {
    const { server, agent } = await ollamaAgainst([{ status: 400, body: { error: 'prompt too long; exceeded max context length by 200 tokens' } }, completion(answer)]);
    const error = await failure(agent.writeTurn(turnRequest({ answerSchema: reviewSchema })));
    expect(error.cause).toBeInstanceOf(BadRequestError);
    expect(error.message).toMatch(/answered 400: prompt too long; exceeded max context length by 200 tokens\. /);
    expect(server.requests).toHaveLength(1);
  });

  it('sends a request once only when it carried no response_format', async () => {
    const { server, agent } = await ollamaAgainst([{ status: 400, body: { error: 'json_schema: bad' } }, completion(answer)], { env: { CODE_DEBATE_STRUCTURED_OUTPUT: 'off' } });
    expect((await failure(agent.writeTurn(turnRequest({ answerSchema: reviewSchema })))).message).toMatch(/answered 400: json_schema: bad\. /);
    expect(server.requests).toHaveLength(1);
  });
});
