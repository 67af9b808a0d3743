import { sessionStep } from './session-stub.js';
import { sendJson, startStubServer } from './stub-server.js';

/**
 * A stand-in for the OpenAI Responses API that plays an interactive Codex session given the
 * shipped /code-debate command, as a model would: with real calls of Codex's exec_command tool,
 * each step the one sessionStep reads from the conversation (the same as the Claude Code stub's).
 */
export async function startCodexSessionStub(options: { invalidFirst: boolean }) {
  const commands: string[] = [];
  const requests: string[] = [];
  const server = await startStubServer(({ method, url, body: raw }, res) => {
    if (method !== 'POST' || !url.endsWith('/responses')) {
      sendJson(res, 404, {});
      return;
    }
    requests.push(raw);
    const body = JSON.parse(raw || '{}') as { input?: Item[] };
    const input = body.input ?? [];
    const outputs = input.flatMap((item) => (item.type === 'function_call_output' ? [outputOf(item.output)] : []));
    const prompt = input.flatMap((item) => (item.type === 'message' && item.role === 'user' ? (item.content ?? []).map((part) => part.text ?? '') : [])).join('\n');
    const step = sessionStep(outputs, prompt, options.invalidFirst);
    if (step.type === 'bash') commands.push(step.command);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (data: Record<string, unknown>) => res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`);
    send({ type: 'response.created', response: { id: 'resp_stub' } });
    const index = commands.length;
    const item =
      step.type === 'bash'
        ? { type: 'function_call', id: `fc_${index}`, call_id: `call_${index}`, name: 'exec_command', arguments: JSON.stringify({ cmd: step.command, yield_time_ms: 120_000 }) }
        : { type: 'message', id: 'msg_stub', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] };
    send({ type: 'response.output_item.done', output_index: 0, item });
    send({ type: 'response.completed', response: { id: 'resp_stub', usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20 } } });
    res.end();
  });
  return { url: `${server.origin}/v1`, commands, requests, close: server.close };
}

interface Item {
  type: string;
  role?: string;
  content?: Array<{ text?: string }>;
  output?: unknown;
}

/** A call's output as the model reads it: a string, or its text parts. */
function outputOf(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return output.map((part: { text?: string }) => part.text ?? '').join('\n');
  return JSON.stringify(output ?? '');
}
