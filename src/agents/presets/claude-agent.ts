import { AgentError } from '../../errors.js';
import type { TurnUsage } from '../../protocol/usage.js';
import type { AnswerJsonSchema } from '../../protocol/answer-schema.js';
import type { Agent, TurnRequest } from '../agent.js';
import { cliAgentError } from './cli-agent-error.js';
import { parseJsonLine, readTrailingJson } from './cli-agent-json.js';
import { cliAgentName } from './cli-agent-names.js';
import { runCliAgent } from './cli-agent-run.js';
import { claudeEventReader, cliProgress } from './cli-progress.js';
import { createCliSession, withCliSession } from './cli-agent-session.js';
import { readClaudeUsage } from '../read-usage.js';
import { failurePrefix, stderrTail, type ProcessOutcome } from '../run-agent-process.js';

/**
 * `--agent claude[:<model>]`: Claude Code in print mode, reading the prompt on stdin.
 *
 * Checked against claude 2.1.197 (`claude --help`, and runs against a local server standing in
 * for the API through ANTHROPIC_BASE_URL):
 * - `-p --output-format stream-json --verbose` prints one JSON event a line on stdout as it works
 *   (without `--verbose` print mode refuses stream-json): `{"type":"system","subtype":"init",...}`,
 *   an `assistant` event per block of the model's messages (its tool calls), a `user` event per
 *   tool result, and last `{"type":"result","subtype":"success","is_error":false,"result":"<text>",
 *   ...}`, the object `--output-format json` prints alone. `--include-partial-messages` adds the
 *   API's raw stream (`stream_event`), whose `message_delta` counts each model call's tokens: read
 *   while it runs for the turn's progress (cli-progress.ts). Errors come in the result with
 *   `is_error: true` and the message in `result` (or in `errors` for the `error_*` subtypes),
 *   `api_error_status` the HTTP status, stderr empty, exit 1. Without credentials it is
 *   `"result":"Not logged in · Please run /login"`, exit 1. Both flags are checked, whatever the exit.
 * - `--tools Read,Grep,Glob` is the whole tool set the model is offered (the request lists just
 *   Glob, Grep, Read); `--permission-mode dontAsk` denies, without asking, whatever would need a
 *   permission (a Read outside the working directory is refused in `permission_denials`).
 *   Reviewing never edits the repository.
 * - A 401 is retried for minutes (still retrying after 90 s) unless CLAUDE_CODE_MAX_RETRIES is
 *   bounded; with 2 it gave up after 3 requests, 3 s. A value the user set is kept.
 * - Inside a Claude Code session CLAUDECODE, CLAUDE_CODE_ENTRYPOINT, CLAUDE_CODE_SESSION_ID and
 *   CLAUDE_CODE_CHILD_SESSION are set; Claude Code itself removes them before it starts a fresh
 *   process, and so do we (execa drops a variable whose value is `undefined`).
 * - The result carries `session_id`; `-p --resume <id>` continues that conversation with the
 *   prompt on stdin, so later turns send only what is new. An id it does not know prints
 *   `No conversation found with session ID: <id>` and no JSON: the turn then starts afresh.
 * - `--json-schema <schema>` (a turn with an answerSchema, fresh or resumed) offers the model one
 *   more tool, `StructuredOutput`, whose `input_schema` is the schema (not forced: no
 *   `tool_choice`). Its call, once Claude Code validated it, comes back as the result's
 *   `structured_output` object (`result` holds it as text too); an invalid call is answered with a
 *   tool_result error ("Output does not match required schema: ...") and asked again. A model that
 *   answers in text is told once "[structured-output-enforce] You MUST call the StructuredOutput
 *   tool", then its text is the `result`, without `structured_output`: that text is returned, for
 *   the session to check. After 5 invalid calls: subtype `error_max_structured_output_retries`,
 *   `errors: ["Failed to provide valid structured output after 5 attempts"]`, exit 1.
 */
export function createClaudeAgent(options: { model: string | null }): Agent {
  const name = cliAgentName('claude', options.model);
  const session = createCliSession();
  return {
    name,
    startsEarly: true,
    writeTurn: (request) =>
      withCliSession(session, request, async ({ resume, input, request: turn }) => {
        const args = [...claudeArgs(options.model, turn.answerSchema), ...(resume === null ? [] : ['--resume', resume])];
        const run = { program: 'claude', args, input, env: claudeEnvironment(process.env), onLine: cliProgress(turn, claudeEventReader()) };
        const outcome = await runCliAgent(name, run, turn, { errorText: ({ stdout, stderr }) => `${claudeTroubleText(stdout)}\n${stderr}` });
        // The result, its last line, is read once: its usage, its answer or error, its conversation.
        const result = readClaudeResult(outcome.stdout);
        if (result?.usage) turn.onUsage?.(result.usage);
        const text = claudeAnswer(name, turn, outcome, result);
        session.remember(result?.sessionId ?? null, turn);
        return text;
      }),
  };
}

/**
 * The answer in Claude Code's JSON result (for a turn with a schema, its structured output as JSON
 * text), or the AgentError that says why there is none.
 */
function claudeAnswer(name: string, request: TurnRequest, outcome: ProcessOutcome, result: ClaudeResult | null): string {
  const what = failurePrefix(name, request);
  if (result === null) {
    if (request.answerSchema !== undefined && refusedSchemaFlag.test(outcome.stderr)) {
      throw new AgentError(
        `${what}: this Claude Code does not take \`--json-schema\`, with which code-debate asks for the turn's answer as JSON. ` +
          'Update it: `npm install -g @anthropic-ai/claude-code@latest` (2.1.197 was checked), or choose another --agent.' +
          stderrTail(outcome.stderr),
        'not-installed',
        { cause: outcome },
      );
    }
    if (outcome.exitCode !== 0) {
      const text = `${claudeTroubleText(outcome.stdout)}\n${outcome.stderr}`;
      throw cliAgentError(name, request, { happened: `it exited with code ${outcome.exitCode}`, reported: null, text, outcome });
    }
    throw new AgentError(
      `${what}: it printed no JSON result on stdout (expected a last line \`{"type":"result",...}\` from --output-format stream-json), but ${describe(outcome.stdout)}. ` +
        `Check that \`claude --version\` is Claude Code 2 or later.${stderrTail(outcome.stderr)}`,
      'bad-output',
      { cause: outcome },
    );
  }
  if (result.subtype === 'error_max_structured_output_retries') {
    throw new AgentError(
      `${what}: Claude Code gave up on the answer's JSON Schema (${result.subtype}, exit code ${outcome.exitCode}): ${result.text.replace(/\.$/, '')}. ` +
        `Its model kept answering with JSON that does not follow the schema: run code-debate again, or choose another model with \`--agent claude:<model>\`.${stderrTail(outcome.stderr)}`,
      'bad-output',
      { cause: outcome },
    );
  }
  if (result.isError || outcome.exitCode !== 0) {
    const status = result.status === null ? '' : `\nstatus ${result.status}`;
    const happened = `Claude Code reported an error (${result.subtype}, exit code ${outcome.exitCode})`;
    throw cliAgentError(name, request, { happened, reported: result.text, text: `${result.text}${status}\n${outcome.stderr}`, outcome });
  }
  if (request.answerSchema !== undefined && result.structuredOutput !== null) return JSON.stringify(result.structuredOutput);
  if (result.text.trim() === '') {
    throw new AgentError(`${what}: its JSON result has an empty \`result\`, and a turn needs the section's text.${stderrTail(outcome.stderr)}`, 'empty-output', {
      cause: outcome,
    });
  }
  return result.text;
}

/**
 * The argv after `claude`: print mode, its events as JSON lines (the model calls' tokens among
 * them), read-only tools, the model when given, the answer's schema when there is one.
 */
export function claudeArgs(model: string | null, answerSchema?: AnswerJsonSchema): string[] {
  return [
    '-p',
    '--output-format',
    'stream-json',
    '--verbose',
    '--include-partial-messages',
    '--tools',
    'Read,Grep,Glob',
    '--permission-mode',
    'dontAsk',
    ...(model === null ? [] : ['--model', model]),
    ...(answerSchema === undefined ? [] : ['--json-schema', JSON.stringify(answerSchema.schema)]),
  ];
}

/** commander's refusal of an option this Claude Code does not know: `error: unknown option '--json-schema'`. */
const refusedSchemaFlag = /unknown option '--json-schema'/;

/** Variables to set (or, when `undefined`, remove) for the child. */
export function claudeEnvironment(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return {
    CLAUDECODE: undefined,
    CLAUDE_CODE_ENTRYPOINT: undefined,
    CLAUDE_CODE_SESSION_ID: undefined,
    CLAUDE_CODE_CHILD_SESSION: undefined,
    CLAUDE_CODE_MAX_RETRIES: env.CLAUDE_CODE_MAX_RETRIES ?? '2',
  };
}

export interface ClaudeResult {
  isError: boolean;
  subtype: string;
  /** The answer, or the error message when `isError`. */
  text: string;
  /** The HTTP status of a failed API call (`api_error_status`). */
  status: number | null;
  /** The conversation, for `--resume` on the next turn. */
  sessionId: string | null;
  /** What the model answered under `--json-schema` (`structured_output`), as Claude Code validated it; null without one. */
  structuredOutput: unknown;
  /** What the turn cost, as its `usage` and `total_cost_usd` say; null when it says nothing. */
  usage: TurnUsage | null;
}

/** The `{"type":"result",...}` object that ends `--output-format stream-json`, or null when there is none. */
export function readClaudeResult(stdout: string): ClaudeResult | null {
  const json = readTrailingJson(stdout);
  if (json === null || json.type !== 'result') return null;
  const subtype = typeof json.subtype === 'string' ? json.subtype : 'unknown';
  const errors = Array.isArray(json.errors) ? json.errors.filter((error): error is string => typeof error === 'string') : [];
  const text = typeof json.result === 'string' ? json.result : errors.join('\n');
  const status = typeof json.api_error_status === 'number' ? json.api_error_status : null;
  const sessionId = typeof json.session_id === 'string' && json.session_id !== '' ? json.session_id : null;
  const structuredOutput = json.structured_output ?? null;
  return { isError: json.is_error !== false || subtype !== 'success', subtype, text, status, sessionId, structuredOutput, usage: readClaudeUsage(json) };
}

/**
 * What Claude Code's stream said of trouble, for a failure to be classified from: each failed API
 * call it retries (an `api_retry` event: `{"error_status":429,"error":"rate_limit",...}`) and an
 * error result. Never the stream whole: it holds the files the model read and its own words,
 * where "429" or "quota" may be the code under review.
 */
export function claudeTroubleText(stdout: string): string {
  const said: string[] = [];
  for (const line of stdout.split('\n')) {
    const event = parseJsonLine(line);
    if (event?.type !== 'system' || event.subtype !== 'api_retry') continue;
    const status = typeof event.error_status === 'number' ? `status ${event.error_status}` : 'no status';
    said.push(`API call failed (${status}, ${typeof event.error === 'string' ? event.error : 'unknown'}); retry ${String(event.attempt)} of ${String(event.max_retries)}`);
  }
  const result = readClaudeResult(stdout);
  if (result?.isError) said.push(result.status === null ? result.text : `${result.text}\nstatus ${result.status}`);
  return said.join('\n');
}

function describe(stdout: string): string {
  const text = stdout.trim();
  if (text === '') return 'it printed nothing';
  return `it printed \`${text.length <= 200 ? text : `${text.slice(0, 197)}...`}\``;
}
