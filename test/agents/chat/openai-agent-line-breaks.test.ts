import { describe, expect, it } from 'vitest';
import { lineBreakSample, lineBreakTokenIds } from '../../../src/agents/chat/llama-line-breaks.js';
import { answerJsonSchema } from '../../../src/protocol/answer-schema.js';
import { failure } from '../../helpers/agent-failure.js';
import { ollamaAgainst, openAiAgainst } from './chat-agents.js';
import { completion } from './chat-server.js';
import { turnRequest } from './turn-request.js';

const reviewSchema = answerJsonSchema({ turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] });
const responseSchema = answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1'], toHold: [] });
const answer = '{"summary":"","points":[]}';
/** What the stand-in llama.cpp server calls a few pieces; the others get ids from 1000 up. */
const llama = { tokens: { '{\n': 90, '}': 91, '  ],\n': 92 } };

describe('createOpenAiAgent: line breaks between the fields of a JSON answer, on llama.cpp’s server', () => {
  it('asks /props whether it is llama-server, /tokenize for the tokens of a pretty-printed answer of the schema, and forbids those that join a line break', async () => {
    const { server, agent } = await openAiAgainst([completion(answer)], { llama });
    expect(await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }))).toBe(answer);
    expect(server.probes.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /props', 'POST /tokenize']);
    const asked = server.probes[1]?.body as { content: string; with_pieces: boolean };
    expect(asked).toEqual({ content: lineBreakSample(reviewSchema.schema), with_pieces: true });
    expect(asked.content).toContain('{\n  "summary": "A sentence.",\n  "points": [\n');
    expect(asked.content).toContain('{\n    "summary"');
    // The stand-in splits the sample after each line break: every distinct line is a token that joins one.
    const lines = new Set(asked.content.split(/(?<=\n)/).filter((piece) => piece.includes('\n')));
    const bias = (server.requests[0]?.body as { logit_bias: Array<[number, false]> }).logit_bias;
    expect(bias).toContainEqual([90, false]);
    expect(bias).not.toContainEqual([91, false]);
    expect(bias.every(([id, never]) => Number.isInteger(id) && never === false)).toBe(true);
    expect(bias.length).toBe(lines.size);
    expect(server.requests[0]?.body).toHaveProperty('response_format.type', 'json_schema');
  });

  it('asks /props once, and /tokenize once per schema, over the turns of a side', async () => {
    const { server, agent } = await openAiAgainst([completion(answer)], { llama });
    await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    await agent.writeTurn(turnRequest({ turn: 'response', role: 'responder', answerSchema: responseSchema }));
    expect(server.probes.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /props', 'POST /tokenize', 'POST /tokenize']);
    const [first, second, third] = server.requests.map((request) => (request.body as { logit_bias?: unknown }).logit_bias);
    expect(second).toEqual(first);
    expect(third).toContainEqual([90, false]);
    expect((server.probes[2]?.body as { content: string }).content).toBe(lineBreakSample(responseSchema.schema));
  });

  it('sends no logit_bias to a server whose /props is no llama-server’s (vLLM’s 404), and asks it no more', async () => {
    const { server, agent } = await openAiAgainst([completion(answer)]);
    await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    expect(server.probes.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /props']);
    for (const request of server.requests) expect(request.body).not.toHaveProperty('logit_bias');
  });

  it('takes a server whose /props does not answer within --agent-silence for no llama-server, and asks as before', async () => {
    const { server, agent } = await openAiAgainst([completion(answer)], { llama: { ...llama, hang: true }, silenceMs: 200 });
    expect(await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }))).toBe(answer);
    await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    expect(server.probes.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /props']);
    for (const request of server.requests) expect(request.body).not.toHaveProperty('logit_bias');
  });

  it('asks nothing of Ollama, of a turn without a schema, or with structured output off', async () => {
    const ollama = await ollamaAgainst([completion(answer)], { llama });
    await ollama.agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    const free = await openAiAgainst([completion('The debate ends here.')], { llama });
    await free.agent.writeTurn(turnRequest({ turn: 'consensus' }));
    const off = await openAiAgainst([completion(answer)], { llama, env: { CODE_DEBATE_STRUCTURED_OUTPUT: 'off' } });
    await off.agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    for (const { server } of [ollama, free, off]) {
      expect(server.probes).toEqual([]);
      expect(server.requests[0]?.body).not.toHaveProperty('logit_bias');
    }
  });

  it('sends the request once more without logit_bias when the server refuses it, and later turns without it', async () => {
    const refusal = { status: 400, body: { error: { code: 400, message: "'logit_bias' must be an array", type: 'invalid_request_error' } } };
    const { server, agent } = await openAiAgainst([refusal, completion(answer)], { llama });
    expect(await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }))).toBe(answer);
    await agent.writeTurn(turnRequest({ answerSchema: reviewSchema }));
    expect(server.requests.map((request) => 'logit_bias' in (request.body as object))).toEqual([true, false, false]);
  });

  it('ends the probe with the turn: an interrupted turn is told as interrupted', async () => {
    const { server, agent } = await openAiAgainst([completion(answer)], { llama });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    const error = await failure(agent.writeTurn(turnRequest({ answerSchema: reviewSchema, signal: controller.signal })));
    expect(error.message).toBe('Agent `openai:gpt-test` failed to write review 1: the turn was interrupted.');
    expect(server.requests).toEqual([]);
  });
});

describe('lineBreakTokenIds', () => {
  it('keeps the pieces that join a line break to other characters, not a line break alone, an escaped one, or bytes', () => {
    const tokens = [
      { id: 5, piece: '",\n' },
      { id: 3, piece: '{\n' },
      { id: 5, piece: '",\n' },
      { id: 7, piece: '\n' },
      { id: 8, piece: '\n    ' },
      { id: 9, piece: '\\n' },
      { id: 10, piece: [10, 123] },
      { id: 11, piece: 'word' },
    ];
    expect(lineBreakTokenIds(tokens)).toEqual([
      [3, false],
      [5, false],
    ]);
    expect(lineBreakTokenIds([{ id: 1, piece: 'a' }])).toBeNull();
  });

  it('builds the sample from the schema: enums by their first value, nullable fields as their other type, arrays full and empty', () => {
    const sample = lineBreakSample({
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['high', 'low'] },
        note: { anyOf: [{ type: 'null' }, { type: 'string' }] },
        count: { type: ['integer', 'null'] },
        items: { type: 'array', items: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      },
    });
    expect(sample).toContain('{\n  "kind": "high",\n  "note": "A sentence.",\n  "count": 1,\n  "items": [\n    {\n      "ok": true\n    },');
    expect(sample).toContain('"items": []\n}');
    expect(sample).toContain('\n    "kind": "high",');
  });
});
