import http from 'node:http';
import { answerFromSchema, hintsFor, type JsonSchema } from './answer-from-schema.js';
import { startStubServer } from './stub-server.js';

/**
 * A stand-in for the Anthropic Messages API on 127.0.0.1, speaking what Claude Code sends and
 * reads (`POST /v1/messages`, streamed as server-sent events). It answers each debate turn by the
 * heading its prompt asks for, or fails as told, or first asks for tools an agent must not have.
 * Offered the `StructuredOutput` tool (what Claude Code makes of `--json-schema`), it calls it
 * with an answer that follows the tool's `input_schema`, as a model held to it would; or, as told,
 * answers in text instead (`text-not-structured`), or calls it with `{}` (`invalid-structured`).
 */
export type StubMode = 'answer' | 'write-tools' | 'text-not-structured' | 'invalid-structured' | 401 | 404 | 429 | 500 | 529;

export interface StubRequest {
  path: string;
  body: Record<string, unknown>;
  text: string;
}

export const stubUsage = { input_tokens: 1_200, output_tokens: 80, cache_read_input_tokens: 300, cache_creation_input_tokens: 0 };

/** What a model answers for each turn, by the heading its prompt asks for (shared by the stand-ins). */
export const answers: Array<[RegExp, string]> = [
  [/`## Review`/, '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nThe `console.log(name)` at `src/app.js:2` prints user input: remove it.'],
  [/`## Response \d+`/, '### R1. Debug output left in\n**Agreed**: the log goes; it was left from debugging.'],
  [/`## Reviewer Follow-up \d+`/, '### R1. Debug output left in\n**Accepted**: fixed as agreed.'],
  [/`## CONSENSUS`/, 'Both sides agree that the debug output is removed before merging.'],
];

const errors: Record<number, { type: string; message: string }> = {
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  404: { type: 'not_found_error', message: 'model: claude-nope' },
  429: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

export async function startAnthropicStub(): Promise<{ url: string; requests: StubRequest[]; setMode(mode: StubMode): void; close(): Promise<void> }> {
  const requests: StubRequest[] = [];
  let mode: StubMode = 'answer';
  const server = await startStubServer(({ method, url, body: raw }, res) => {
    if (method !== 'POST' || !url.startsWith('/v1/messages')) {
      res.writeHead(method === 'HEAD' ? 200 : 404).end();
      return;
    }
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    requests.push({ path: url, body, text: raw });
    if (typeof mode === 'number') {
      res.writeHead(mode, { 'content-type': 'application/json', 'request-id': 'req_stub' });
      res.end(JSON.stringify({ type: 'error', error: errors[mode] }));
      return;
    }
    const messages = (body.messages ?? []) as Array<{ role: string; content: unknown }>;
    const lastUser = JSON.stringify(messages.at(-1)?.content ?? '');
    const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
    const toolsAsked = mode === 'write-tools' && hasTools && !lastUser.includes('tool_result');
    const structured = (body.tools as Array<{ name?: string; input_schema?: JsonSchema }> | undefined)?.find((tool) => tool.name === structuredOutputTool);
    const text = answers.find(([pattern]) => pattern.test(raw))?.[1] ?? 'A debate about debug output';
    if (toolsAsked) reply(res, body, writingCalls);
    else if (structured?.input_schema === undefined || mode === 'text-not-structured') reply(res, body, [{ type: 'text', text }]);
    else reply(res, body, [structuredCall(mode === 'invalid-structured' ? {} : answerFromSchema(structured.input_schema, hintsFor(raw)))]);
  });
  return { url: server.origin, requests, setMode: (next) => (mode = next), close: server.close };
}

/** The tool Claude Code offers for `--json-schema`: its input is the answer. */
export const structuredOutputTool = 'StructuredOutput';

/** A block of the model's message: text, or a call of one of the tools it was offered. */
export type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

/** Calls of the writing and command tools Claude Code has: Write, Edit, NotebookEdit, Bash. */
const writingCalls: Block[] = [
  { type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: 'src/pwned.js', content: 'pwned\n' } },
  { type: 'tool_use', id: 'toolu_edit', name: 'Edit', input: { file_path: 'src/app.js', old_string: 'console.log(name);', new_string: '' } },
  { type: 'tool_use', id: 'toolu_notebook', name: 'NotebookEdit', input: { notebook_path: 'pwned.ipynb', new_source: 'pwned', edit_mode: 'insert', cell_type: 'code' } },
  { type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: 'touch pwned-by-bash && git commit --allow-empty -qm pwned' } },
];

/** The call of StructuredOutput that gives `answer`. */
function structuredCall(answer: unknown): Block {
  return { type: 'tool_use', id: 'toolu_structured', name: structuredOutputTool, input: answer };
}

/** Answers a Messages request with `content`, streamed when the request asks for it. */
export function reply(res: http.ServerResponse, body: Record<string, unknown>, content: Block[]): void {
  const stopReason = content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
  const message = { id: 'msg_stub', type: 'message', role: 'assistant', model: body.model, stop_reason: null, stop_sequence: null };
  if (body.stream !== true) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...message, content, stop_reason: stopReason, usage: stubUsage }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', { type: 'message_start', message: { ...message, content: [], usage: { ...stubUsage, output_tokens: 1 } } });
  content.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    } else {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: stubUsage.output_tokens } });
  send('message_stop', { type: 'message_stop' });
  res.end();
}
