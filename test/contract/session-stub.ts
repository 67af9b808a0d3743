import { expect } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { headingsOf } from '../helpers/debate-repo.js';
import type { Exit } from '../helpers/run-cli.js';
import { answers, reply, type Block } from './anthropic-stub.js';
import { canonicalResponse, canonicalReview, expectCanonicalDebate } from './canonical-debate.js';
import { startStubServer } from './stub-server.js';

/**
 * A stand-in for the Anthropic Messages API that plays an interactive Claude Code session given
 * the shipped /code-debate command, as a model would: with real calls of Claude Code's Bash tool,
 * each step the one sessionStep reads from the conversation.
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
    const messages = body.messages ?? [];
    const step = sessionStep(
      messages.flatMap((message) => toolResults(message.content)),
      messages.map((message) => textOf(message.content)).join('\n'),
      options.invalidFirst,
    );
    if (step.type === 'bash') commands.push(step.command);
    reply(res, body, step.type === 'bash' ? [bashCall(step.command, commands.length)] : [{ type: 'text', text: step.text }]);
  });
  return { url: server.origin, commands, close: server.close };
}

/** A Review the validator refuses: its point has no severity. */
export const invalidReview = '### R1. Debug output left in\n\nNo severity given.';

/**
 * What two sessions played by sessionStep (with `invalidFirst`) leave, whatever CLI ran them: both
 * ended 0; a Review, a Response and the CONSENSUS, each canonical and signed by a session; the
 * Reviewer's first answer refused, then fixed; nothing run but `turn` and `submit`.
 */
export function expectSessionDebate(runs: readonly [Exit, Exit], text: string, commands: readonly string[]): void {
  const [a, b] = runs;
  const said = `${a.stdout}\n${a.stderr}\n${b.stdout}\n${b.stderr}\n${commands.join('\n')}`;
  expect([a.code, b.code], said).toEqual([0, 0]);
  expect(headingsOf(text), said).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
  expect(parseDocument(text).ok).toBe(true);
  expect(text).toContain('*— Reviewer · session · ');
  expect(text).toContain('*— Responder · session · ');
  expectCanonicalDebate(text, { stderr: '', requests: [] });
  expect(commands.filter((command) => command.includes(invalidReview))).toHaveLength(1);
  expect(commands.every((command) => /^code-debate (turn|submit) /.test(command))).toBe(true);
}

/** Many times the calls a debate of three sections takes. */
const maxCalls = 40;

export type Step = { type: 'bash'; command: string } | { type: 'text'; text: string };

/**
 * What a session given the shipped /code-debate command does next, as a model would, from the
 * outputs of its commands so far (`outputs`) and, at the start, the command's prompt: it runs the
 * `code-debate turn` the command names, runs again what each call printed, and on its turn submits
 * the answer (the debate of canonical-debate.ts) through the `submit` command printed, as Markdown
 * in one single-quoted `--answer-text`, as the command says; with `invalidFirst`, its first Review
 * has no severity, is refused, and is fixed. It stops when `turn` says the debate ended. Every
 * step is read from the conversation, so one stub plays any number of sessions at once.
 */
export function sessionStep(outputs: readonly string[], prompt: string, invalidFirst: boolean): Step {
  const last = outputs.at(-1);
  if (last === undefined) {
    const start = /Run `(code-debate turn [^`]+)`/.exec(prompt)?.[1];
    return start === undefined ? { type: 'text', text: 'The /code-debate command names no `code-debate turn` to run.' } : { type: 'bash', command: start };
  }
  const session = outputs.map((output) => /\(session ([0-9a-f]+)\)/.exec(output)?.[1]).findLast((id) => id !== undefined) ?? '';
  const turn = `code-debate turn --session ${session}`;
  const submit = (answer: string) => ({ type: 'bash' as const, command: `code-debate submit --session ${session} --answer-text ${singleQuoted(answer)}` });
  if (last.includes('The debate ended.')) return { type: 'text', text: 'The debate ended.' };
  // A session that loops (a turn that never comes) is stopped, so the test fails and says so.
  if (outputs.length >= maxCalls) return { type: 'text', text: `Stopped after ${maxCalls} calls.` };
  // Anything but what code-debate's calls print (a command the CLI refused to run, or one that
  // failed) would come again: the session stops and says so.
  if (!/\(session [0-9a-f]+\)|Written: `|Not written: |was refused/.test(last)) return { type: 'text', text: `The command did not do what the /code-debate command says: ${last}` };
  if (last.includes('It is your turn')) {
    const refusedBefore = outputs.some((output) => output.includes('was refused'));
    return submit(invalidFirst && !refusedBefore && last.includes('`## Review`') ? invalidReview : answerFor(last));
  }
  if (last.includes('was refused')) return submit(answerFor(outputs.findLast((output) => output.includes('It is your turn')) ?? ''));
  return { type: 'bash', command: turn };
}

/** `text` as one single-quoted shell word, a quote inside written `'\''`, as the command tells the session. */
function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** The answer for the turn `output` hands over: built from the JSON Schema it prints, or the CONSENSUS summary. */
function answerFor(output: string): string {
  // In Markdown, as the command asks: Claude Code's Bash tool refuses a command with a brace and a
  // quote (`{"`), so JSON is not the form every CLI runs.
  if (output.includes('write `## Review`')) return canonicalReview;
  if (output.includes('write `## Response')) return canonicalResponse;
  return answers.find(([pattern]) => pattern.source.includes('CONSENSUS'))?.[1] ?? 'The debate ended.';
}

function bashCall(command: string, index: number): Block {
  return { type: 'tool_use', id: `toolu_bash_${index}`, name: 'Bash', input: { command, description: 'code-debate', timeout: 120_000 } };
}

/** The text of a message's content: a string, or its text blocks. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block: { type?: string; text?: unknown }) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('\n');
}

/** The outputs of the tool calls a message answers, as text. */
function toolResults(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: { type?: string; content?: unknown }) => (block.type === 'tool_result' ? [textOf(block.content)] : []));
}
