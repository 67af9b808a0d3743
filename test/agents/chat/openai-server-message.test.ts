import { describe, expect, it } from 'vitest';
import { readServerMessage } from '../../../src/agents/chat/openai-server-message.js';

describe('readServerMessage', () => {
  it.each([
    ['OpenAI', '{"error":{"message":"Incorrect API key provided.","type":"invalid_request_error","code":"invalid_api_key"}}', 'Incorrect API key provided.'],
    ['Ollama', '{"error":"model \'x\' not found"}', "model 'x' not found"],
    [
      'Ollama /v1',
      '{"error":{"message":"model \\"x\\" not found, try pulling it first","type":"api_error","param":null,"code":null}}',
      'model "x" not found, try pulling it first',
    ],
    ['vLLM (JSON)', '{"object":"error","message":"The model `x` does not exist.","type":"NotFoundError","param":null,"code":404}', 'The model `x` does not exist.'],
    ['vLLM (plain text)', 'Internal Server Error', 'Internal Server Error'],
    ['a JSON string', '"server overloaded"', 'server overloaded'],
    ['FastAPI', '{"detail":"Not Found"}', 'Not Found'],
    ['FastAPI validation', '{"detail":[{"loc":["body","model"],"msg":"Field required","type":"missing"}]}', 'Field required'],
    ['an HTML page', '<html><head><title>503</title><style>p{}</style></head><body><h1>Service\n Unavailable</h1></body></html>', '503 Service Unavailable'],
    ['JSON without a message', '{"code":42}', '{"code":42}'],
    ['an empty body', ' \n', ''],
  ])('reads %s', (_, body, expected) => {
    expect(readServerMessage(body)).toBe(expected);
  });

  it('keeps a long message to 400 characters', () => {
    expect(readServerMessage('x'.repeat(1_000))).toBe(`${'x'.repeat(399)}…`);
  });
});
