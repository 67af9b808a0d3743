import { geminiJsonInstruction } from '../../src/agents/presets/gemini-agent.js';
import { answerJsonSchema, type AnswerScope } from '../../src/protocol/answer-schema.js';
import { answerFromSchema, byLastHeading, hintsFor } from './answer-from-schema.js';
import { answers } from './anthropic-stub.js';
import { sendJson, startStubServer } from './stub-server.js';

/**
 * A stand-in for the Gemini API on 127.0.0.1, as Gemini CLI calls it through
 * GOOGLE_GEMINI_BASE_URL: `models/<model>:streamGenerateContent?alt=sse` (and generateContent,
 * countTokens). It answers each turn by the heading its prompt asks for, fails as told, or first
 * calls exit_plan_mode, write_file and run_shell_command, one at a time, as a model (or a prompt
 * injected through the diff) would to leave plan mode and write.
 * Asked for JSON (the preset's geminiJsonInstruction: Gemini CLI sends no schema), it answers the
 * debate's one point in JSON, in a ```json fence, as a model asked in words often does.
 */
export type GeminiMode = 'answer' | 'leave-plan-mode' | 401 | 404 | 429 | 500 | 503;

export const geminiUsage = { promptTokenCount: 900, candidatesTokenCount: 60, thoughtsTokenCount: 40, cachedContentTokenCount: 100, totalTokenCount: 1000 };

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

const statuses: Record<number, string> = { 401: 'UNAUTHENTICATED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };
const messages: Record<number, string> = {
  401: 'API key not valid. Please pass a valid API key.',
  404: 'models/gemini-nope is not found for API version v1beta, or is not supported for generateContent.',
  429: 'You exceeded your current quota, please check your plan and billing details.',
  500: 'Internal error encountered.',
  503: 'The model is overloaded. Please try again later.',
};

export async function startGeminiStub(): Promise<{ url: string; requests: string[]; setMode(mode: GeminiMode): void; close(): Promise<void> }> {
  const requests: string[] = [];
  let mode: GeminiMode = 'answer';
  const server = await startStubServer(({ url, body: raw }, res) => {
    requests.push(`${url} ${raw}`);
    if (url.includes(':countTokens')) {
      sendJson(res, 200, { totalTokens: 100 });
      return;
    }
    if (!url.includes(':streamGenerateContent') && !url.includes(':generateContent')) {
      sendJson(res, 404, {});
      return;
    }
    if (typeof mode === 'number') {
      sendJson(res, mode, { error: { code: mode, message: messages[mode], status: statuses[mode] } });
      return;
    }
    // The calls already answered in this conversation: the next one is asked for, then the text.
    const answered = raw.match(/"functionResponse"/g)?.length ?? 0;
    const next = mode === 'leave-plan-mode' && /`## Review`/.test(raw) ? callsFor(raw)[answered] : undefined;
    const text = raw.includes(geminiJsonInstruction) ? jsonAnswer(raw) : (answers.find(([pattern]) => pattern.test(raw))?.[1] ?? 'A debate about debug output');
    const part = next === undefined ? { text } : { functionCall: next };
    const chunk = { candidates: [{ content: { parts: [part], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: geminiUsage, modelVersion: 'gemini-stub' };
    if (url.includes(':streamGenerateContent')) res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${JSON.stringify(chunk)}\n\n`);
    else sendJson(res, 200, chunk);
  });
  return { url: server.origin, requests, setMode: (next) => (mode = next), close: server.close };
}

/** The scope of each turn of the debate the stand-ins play (R1 raised, agreed, accepted): Gemini CLI is sent no schema to read it from. */
const scopes: Array<[RegExp, AnswerScope]> = [
  [/`## Review`/, { turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] }],
  [/`## Response \d+`/, { turn: 'response', role: 'responder', toAnswer: ['R1'], toHold: [] }],
  [/`## Reviewer Follow-up \d+`/, { turn: 'follow-up', role: 'reviewer', toAnswer: [], toHold: ['R1'] }],
];

/** The JSON answer to the turn `raw` asks for, fenced; a Review's when it names none. */
export function jsonAnswer(raw: string): string {
  const schema = answerJsonSchema(byLastHeading(raw, scopes) ?? { turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] }).schema;
  return `\`\`\`json\n${JSON.stringify(answerFromSchema(schema, hintsFor(raw)), null, 2)}\n\`\`\``;
}
