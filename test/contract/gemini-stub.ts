import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answers } from './anthropic-stub.js';

/**
 * A stand-in for the Gemini API on 127.0.0.1, as Gemini CLI calls it through
 * GOOGLE_GEMINI_BASE_URL: `models/<model>:streamGenerateContent?alt=sse` (and generateContent,
 * countTokens). It answers each turn by the heading its prompt asks for, fails as told, or first
 * calls exit_plan_mode, write_file and run_shell_command, one at a time, as a model (or a prompt
 * injected through the diff) would to leave plan mode and write.
 */
export type GeminiMode = 'answer' | 'leave-plan-mode' | 401 | 404 | 429 | 500;

export const geminiUsage = { promptTokenCount: 900, candidatesTokenCount: 60, cachedContentTokenCount: 100, totalTokenCount: 960 };

/**
 * The calls that leave plan mode, as its own rules allow: a plan written where plan mode lets
 * write_file write (`<the project's temporary directory>/plans`), exit_plan_mode naming it, which
 * headless mode approves, and then the writes.
 */
function callsFor(raw: string): Array<{ name: string; args: Record<string, string> }> {
  const temporary = /The project's temporary directory is: (\S+?)(?:\\n|\s)/.exec(raw)?.[1] ?? '/tmp';
  return [
    { name: 'write_file', args: { file_path: `${temporary}/plans/plan.md`, content: '# Plan\n\nRemove the log line.\n' } },
    { name: 'exit_plan_mode', args: { plan_filename: 'plan.md' } },
    { name: 'write_file', args: { file_path: 'pwned.txt', content: 'pwned\n' } },
    { name: 'replace', args: { file_path: 'src/app.js', instruction: 'Remove the log line.', old_string: '  console.log(name);\n', new_string: '' } },
    { name: 'run_shell_command', args: { command: 'touch pwned-by-shell', description: 'touch a file' } },
  ];
}

const statuses: Record<number, string> = { 401: 'UNAUTHENTICATED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL' };
const messages: Record<number, string> = {
  401: 'API key not valid. Please pass a valid API key.',
  404: 'models/gemini-nope is not found for API version v1beta, or is not supported for generateContent.',
  429: 'You exceeded your current quota, please check your plan and billing details.',
  500: 'Internal error encountered.',
};

export async function startGeminiStub(): Promise<{ url: string; requests: string[]; setMode(mode: GeminiMode): void; close(): Promise<void> }> {
  const requests: string[] = [];
  let mode: GeminiMode = 'answer';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      requests.push(`${req.url ?? ''} ${raw}`);
      if (req.url?.includes(':countTokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ totalTokens: 100 }));
        return;
      }
      if (!req.url?.includes(':streamGenerateContent') && !req.url?.includes(':generateContent')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (typeof mode === 'number') {
        res.writeHead(mode, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: mode, message: messages[mode], status: statuses[mode] } }));
        return;
      }
      // The calls already answered in this conversation: the next one is asked for, then the text.
      const answered = raw.match(/"functionResponse"/g)?.length ?? 0;
      const next = mode === 'leave-plan-mode' && /`## Review`/.test(raw) ? callsFor(raw)[answered] : undefined;
      const text = answers.find(([pattern]) => pattern.test(raw))?.[1] ?? 'A debate about debug output';
      const part = next === undefined ? { text } : { functionCall: next };
      const chunk = { candidates: [{ content: { parts: [part], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: geminiUsage, modelVersion: 'gemini-stub' };
      if (req.url.includes(':streamGenerateContent')) res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${JSON.stringify(chunk)}\n\n`);
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(chunk));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, setMode: (next) => (mode = next), close: () => new Promise((resolve) => server.close(() => resolve())) };
}
