import { answerFromSchema, hintsFor, type JsonSchema } from './answer-from-schema.js';
import { answers } from './anthropic-stub.js';
import { sendJson, startStubServer } from './stub-server.js';

/**
 * A stand-in for the OpenAI Responses API on 127.0.0.1, as Codex 0.169 calls it from a
 * `model_providers` entry (`POST /v1/responses`, streamed events). It answers each turn by the
 * heading its prompt asks for, fails as told, or first asks Codex to write in every way it offers.
 * Given a `text.format` of type `json_schema` (what Codex makes of `--output-schema`), its text is
 * JSON that follows that schema, as a model held to it would write.
 */
export type ResponsesMode = 'answer' | 'write-command' | 401 | 404 | 429 | 500 | 503;

export const responsesUsage = {
  input_tokens: 700,
  input_tokens_details: { cached_tokens: 200 },
  output_tokens: 40,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 740,
};

const failures: Record<number, { type: string; code: string; message: string }> = {
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided: stub.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model `gpt-nope` does not exist or you do not have access to it.' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests' },
  500: { type: 'server_error', code: 'server_error', message: "We're currently experiencing high demand, which may cause temporary errors." },
  503: { type: 'server_error', code: 'server_overloaded', message: 'The server is overloaded. Please try again later.' },
};

/**
 * What a model (or a prompt injected through the diff) asks Codex to do to write, one call a
 * request, each through a tool Codex 0.169 offers: a plain command; the same asking to run outside
 * the sandbox (`sandbox_permissions: "require_escalated"`); a patch through `apply_patch`, which
 * Codex applies itself; and a shell started with a terminal, then fed a command by `write_stdin`.
 */
export function writingCalls(raw: string): Array<{ name: string; args: Record<string, unknown>; answer: RegExp }> {
  const session = /session ID (\d+)/i.exec(raw)?.[1];
  return [
    { name: 'exec_command', args: { cmd: 'touch pwned-by-codex && echo pwned >> src/app.js' }, answer: /Read-only file system/ },
    {
      name: 'exec_command',
      args: { cmd: 'touch pwned-escalated', sandbox_permissions: 'require_escalated', justification: 'Write the fix.' },
      answer: /cannot ask for escalated permissions/,
    },
    {
      name: 'exec_command',
      args: { cmd: "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: pwned-by-patch.txt\n+pwned\n*** End Patch\nEOF\n" },
      answer: /writing is blocked by read-only sandbox/,
    },
    { name: 'exec_command', args: { cmd: 'sh', tty: true, yield_time_ms: 500 }, answer: /Process running with session ID \d+/ },
    { name: 'write_stdin', args: { session_id: Number(session ?? 0), chars: 'touch pwned-by-stdin\n', yield_time_ms: 500 }, answer: /Read-only file system/ },
  ];
}

/** The files writingCalls would leave in the work tree. */
export const writtenFiles = ['pwned-by-codex', 'pwned-escalated', 'pwned-by-patch.txt', 'pwned-by-stdin'];

export async function startResponsesStub(): Promise<{ url: string; requests: string[]; setMode(mode: ResponsesMode): void; close(): Promise<void> }> {
  const requests: string[] = [];
  let mode: ResponsesMode = 'answer';
  const server = await startStubServer(({ method, url, body: raw }, res) => {
    if (method !== 'POST' || !url.endsWith('/responses')) {
      sendJson(res, 404, {});
      return;
    }
    requests.push(raw);
    if (typeof mode === 'number') {
      sendJson(res, mode, { error: { ...failures[mode], param: null } });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (data: Record<string, unknown>) => res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`);
    send({ type: 'response.created', response: { id: 'resp_stub' } });
    // The calls already answered in this conversation: the next one is asked for, then the text.
    const answered = raw.match(/"type":"function_call_output"/g)?.length ?? 0;
    const call = mode === 'write-command' && /`## Review`/.test(raw) ? writingCalls(raw)[answered] : undefined;
    const format = (JSON.parse(raw) as { text?: { format?: { type?: string; schema?: JsonSchema } } }).text?.format;
    const text =
      format?.type === 'json_schema' && format.schema !== undefined
        ? JSON.stringify(answerFromSchema(format.schema, hintsFor(raw)))
        : (answers.find(([pattern]) => pattern.test(raw))?.[1] ?? 'Debug output');
    const item = call
      ? { type: 'function_call', id: `fc_${answered}`, call_id: `call_${answered}`, name: call.name, arguments: JSON.stringify(call.args) }
      : { type: 'message', id: 'msg_stub', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] };
    send({ type: 'response.output_item.done', output_index: 0, item });
    send({ type: 'response.completed', response: { id: 'resp_stub', usage: responsesUsage } });
    res.end();
  });
  return { url: `${server.origin}/v1`, requests, setMode: (next) => (mode = next), close: server.close };
}
