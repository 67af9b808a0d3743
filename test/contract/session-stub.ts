import { answers, reply, type Block } from './anthropic-stub.js';
import { canonicalResponse, canonicalReview } from './canonical-debate.js';
import { startStubServer } from './stub-server.js';

/**
 * A stand-in for the Anthropic Messages API that plays an interactive Claude Code session given
 * the shipped /code-debate command, as a model would: with real calls of Claude Code's Bash tool.
 * It runs the `code-debate turn` the command names, runs again what each call printed, and on its
 * turn submits the answer (the debate of canonical-debate.ts) through the `submit` command
 * printed, as Markdown in a heredoc; with `invalidFirst`, its first Review has no severity, is
 * refused, and is fixed. It stops when
 * `turn` says the debate ended. Every step is read from the conversation, so one stub plays any
 * number of sessions at once.
 */
export async function startSessionStub(options: { invalidFirst: boolean }) {
  const commands: string[] = [];
  const server = await startStubServer(({ method, url, body: raw }, res) => {
    if (method !== 'POST' || !url.startsWith('/v1/messages')) {
      res.writeHead(method === 'HEAD' ? 200 : 404).end();
      return;
    }
    const body = JSON.parse(raw || '{}') as { messages?: Array<{ role: string; content: unknown }>; tools?: Array<{ name?: string }> };
    // Claude Code's side requests (a title, a summary) have no Bash tool: they get a word.
    if (!(body.tools ?? []).some((tool) => tool.name === 'Bash')) {
      reply(res, body, [{ type: 'text', text: 'code-debate' }]);
      return;
    }
    const step = nextStep(body.messages ?? [], options.invalidFirst);
    if (step.type === 'bash') commands.push(step.command);
    reply(res, body, step.type === 'bash' ? [bashCall(step.command, commands.length)] : [{ type: 'text', text: step.text }]);
  });
  return { url: server.origin, commands, close: server.close };
}

/** A Review the validator refuses: its point has no severity. */
export const invalidReview = '### R1. Debug output left in\n\nNo severity given.';

type Step = { type: 'bash'; command: string } | { type: 'text'; text: string };

/** What the session does next, from the output of its last command (or, at the start, the command's prompt). */
function nextStep(messages: ReadonlyArray<{ role: string; content: unknown }>, invalidFirst: boolean): Step {
  const outputs = messages.flatMap((message) => toolResults(message.content));
  const last = outputs.at(-1);
  if (last === undefined) {
    const prompt = messages.map((message) => textOf(message.content)).join('\n');
    const start = /Run `(code-debate turn [^`]+)`/.exec(prompt)?.[1];
    return start === undefined ? { type: 'text', text: 'The /code-debate command names no `code-debate turn` to run.' } : { type: 'bash', command: start };
  }
  const session = outputs.map((output) => /\(session ([0-9a-f]+)\)/.exec(output)?.[1]).findLast((id) => id !== undefined) ?? '';
  const turn = `code-debate turn --session ${session}`;
  if (last.includes('The debate ended.')) return { type: 'text', text: 'The debate ended.' };
  // A command Claude Code refused to run would be refused again: the session stops and says so.
  if (!last.includes('code-debate') && !last.startsWith('Exit code')) return { type: 'text', text: `Claude Code did not run the command: ${last}` };
  if (last.includes('It is your turn')) {
    const refusedBefore = outputs.some((output) => output.includes('was refused'));
    const answer = invalidFirst && !refusedBefore && last.includes('`## Review`') ? invalidReview : answerFor(last);
    return { type: 'bash', command: `code-debate submit --session ${session} <<'ANSWER'\n${answer}\nANSWER` };
  }
  if (last.includes('was refused')) {
    const asked = outputs.findLast((output) => output.includes('It is your turn')) ?? '';
    return { type: 'bash', command: `code-debate submit --session ${session} <<'ANSWER'\n${answerFor(asked)}\nANSWER` };
  }
  return { type: 'bash', command: turn };
}

/** The answer for the turn `output` hands over: built from the JSON Schema it prints, or the CONSENSUS summary. */
function answerFor(output: string): string {
  // In Markdown, as the command asks where the shell tool refuses JSON in a command: Claude Code's
  // Bash tool refuses a command with a brace and a quote (`{"`), a heredoc's body too.
  if (output.includes('write `## Review`')) return canonicalReview;
  if (output.includes('write `## Response')) return canonicalResponse;
  return answers.find(([pattern]) => pattern.source.includes('CONSENSUS'))?.[1] ?? 'The debate ended.';
}

function bashCall(command: string, index: number): Block {
  return { type: 'tool_use', id: `toolu_bash_${index}`, name: 'Bash', input: { command, description: 'code-debate', timeout: 120_000 } };
}

/** The text of a message's content: a string, or its text blocks. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block: { type?: string; text?: unknown }) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('\n');
}

/** The outputs of the tool calls a message answers, as text. */
function toolResults(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: { type?: string; content?: unknown }) => (block.type === 'tool_result' ? [textOf(block.content)] : []));
}
