import { sessionStep } from './session-stub.js';
import { sendJson, startStubServer } from './stub-server.js';

/**
 * A stand-in for the Gemini API that plays an interactive Gemini CLI session given the shipped
 * /code-debate command, as a model would: with real calls of Gemini CLI's run_shell_command tool,
 * each step the one sessionStep reads from the conversation (the same as the Claude Code stub's).
 * Gemini CLI's routing request (a JSON complexity score, asked without tools) gets a low score, so
 * the conversation goes to its default model.
 */
export async function startGeminiSessionStub(options: { invalidFirst: boolean }) {
  const commands: string[] = [];
  const server = await startStubServer(({ url, body: raw }, res) => {
    if (url.includes(':countTokens')) {
      sendJson(res, 200, { totalTokens: 100 });
      return;
    }
    if (!url.includes(':streamGenerateContent') && !url.includes(':generateContent')) {
      sendJson(res, 404, {});
      return;
    }
    const body = JSON.parse(raw || '{}') as { contents?: Array<{ parts?: Part[] }>; tools?: unknown[] };
    let part: Part;
    if (!raw.includes('"run_shell_command"')) {
      part = { text: raw.includes('complexity_score') ? JSON.stringify({ complexity_reasoning: 'Runs two commands.', complexity_score: 10 }) : 'code-debate' };
    } else {
      const parts = (body.contents ?? []).flatMap((content) => content.parts ?? []);
      const outputs = parts.flatMap((one) => (one.functionResponse === undefined ? [] : [outputOf(one.functionResponse.response)]));
      const step = sessionStep(outputs, parts.map((one) => one.text ?? '').join('\n'), options.invalidFirst);
      if (step.type === 'bash') commands.push(step.command);
      part = step.type === 'bash' ? { functionCall: { name: 'run_shell_command', args: { command: step.command, description: 'code-debate' } } } : { text: step.text };
    }
    const chunk = { candidates: [{ content: { parts: [part], role: 'model' }, finishReason: 'STOP', index: 0 }], modelVersion: 'gemini-stub' };
    if (url.includes(':streamGenerateContent')) res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${JSON.stringify(chunk)}\n\n`);
    else sendJson(res, 200, chunk);
  });
  return { url: server.origin, commands, close: server.close };
}

interface Part {
  text?: string;
  functionCall?: { name: string; args: Record<string, string> };
  functionResponse?: { name: string; response: { output?: unknown; error?: unknown } };
}

/** What a tool call gave the model: its output, or the error Gemini CLI answered instead. */
function outputOf(response: { output?: unknown; error?: unknown }): string {
  return String(response.output ?? response.error ?? '');
}
