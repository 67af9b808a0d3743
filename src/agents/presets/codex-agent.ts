import { AgentError } from '../../errors.js';
import type { TurnUsage } from '../../protocol/usage.js';
import type { Agent } from '../agent.js';
import { stripAnsi } from './classify-agent-failure.js';
import { cliAgentError } from './cli-agent-error.js';
import { cliAgentName } from './cli-agent-names.js';
import { runCliAgent } from './cli-agent-run.js';
import { cliProgress, codexEventReader } from './cli-progress.js';
import { createCliSession, withCliSession } from './cli-agent-session.js';
import { readCodexEvents, turnUsage } from './codex-events.js';
import { failurePrefix, outputTail, type ProcessOutcome } from '../run-agent-process.js';
import { withSchemaFile } from './with-schema-file.js';

/**
 * `--agent codex[:<model>]`: Codex's non-interactive `codex exec`, reading the prompt on stdin.
 *
 * Checked against codex-cli 0.169.0 (`codex exec --help`, and runs against a local server standing
 * in for the Responses API through a `model_providers` entry):
 * - `-` as the prompt reads it from stdin, which must be closed. `--json` prints its events on
 *   stdout (see codex-events.ts): the thread id, the final message, the tokens used and the
 *   errors; stderr keeps warnings and, in some versions, the echoed prompt.
 * - `--sandbox read-only` runs the model's commands in a read-only sandbox, and `exec` never asks
 *   for approval: reviewing never edits the repository. `--skip-git-repo-check` lets it run where
 *   it does not see a git repository.
 * - The key for `exec` is CODEX_API_KEY, or what `codex login` stored: with only OPENAI_API_KEY set
 *   its requests carried no Authorization header. Failures exit 1 after `error` events such as
 *   `unexpected status 401 Unauthorized: ...`, `The model ... does not exist ...`, `exceeded retry
 *   limit, last status: 429 Too Many Requests`, or `Reconnecting... 1/5 (We're currently
 *   experiencing high demand ...)` for a 5xx; with no network it waits for one
 *   (`Reconnecting... waiting for network`) until the deadline.
 * - `codex exec resume -c sandbox_mode="read-only" <thread id> -` continues the conversation (its
 *   sandbox is read-only again), so later turns send only what is new; its tokens are the
 *   thread's totals, so a resumed turn's usage is what they grew by. An unknown id fails with
 *   `no rollout found for thread id`: the turn then starts afresh.
 * - `--output-schema <file>` (a turn with an answerSchema; `exec resume` takes it too) sends the
 *   schema as the Responses API's `text: {format: {type: "json_schema", strict: true, schema,
 *   name: "codex_output_schema"}}`. Codex does not check the answer against it: the model's text
 *   is the final `agent_message` as it came, returned as is for the session to check. A file it
 *   cannot read or parse fails at once, exit 1 (`Failed to read output schema file ...`).
 */
export function createCodexAgent(options: { model: string | null }): Agent {
  const name = cliAgentName('codex', options.model);
  const session = createCliSession();
  /** Each thread's totals after its last turn, to tell a resumed turn's own usage. */
  const threadTotals = new Map<string, TurnUsage>();
  return {
    name,
    startsEarly: true,
    writeTurn: (request) =>
      withCliSession(session, request, async ({ resume, input, request: turn }) => {
        const output = { errorText: (printed: Printed) => codexErrorText(printed, input), tail: (printed: Printed) => codexTail(printed, input) };
        const outcome = await withSchemaFile(turn.answerSchema, (schemaFile) => {
          const args = resume === null ? codexArgs(options.model, schemaFile) : codexResumeArgs(options.model, resume, schemaFile);
          return runCliAgent(name, { program: 'codex', args, input, onLine: cliProgress(turn, codexEventReader()) }, turn, output);
        });
        const events = readCodexEvents(outcome.stdout);
        if (events.threadTotals !== null) {
          const before = events.threadId !== null && events.threadId === resume ? (threadTotals.get(resume) ?? null) : null;
          const usage = turnUsage(events.threadTotals, before);
          if (usage !== null) turn.onUsage?.(usage);
          if (events.threadId !== null) threadTotals.set(events.threadId, events.threadTotals);
        }
        if (turn.answerSchema !== undefined && refusedSchemaFlag.test(outcome.stderr)) {
          throw new AgentError(
            `${failurePrefix(name, turn)}: this Codex does not take \`--output-schema\`, with which code-debate asks for the turn's answer as JSON. ` +
              `Update it: \`npm install -g @openai/codex@latest\` (codex-cli 0.169.0 was checked), or choose another --agent.${output.tail(outcome)}`,
            'not-installed',
            { cause: outcome },
          );
        }
        if (outcome.exitCode !== 0 || events.failed) {
          const happened = outcome.exitCode !== 0 ? `it exited with code ${outcome.exitCode}` : 'Codex reported that the turn failed (exit code 0)';
          throw cliAgentError(name, turn, { happened, reported: events.errors.at(-1) ?? null, text: output.errorText(outcome), outcome, tail: output.tail(outcome) });
        }
        if (events.answer === null || events.answer.trim() === '') {
          const why =
            events.answer !== null
              ? 'its final message was empty'
              : events.threadId === null
                ? 'it printed no `--json` events on stdout (check that `codex exec --help` lists `--json`; codex-cli 0.169.0 was checked)'
                : 'it printed no final message (no `agent_message` event)';
          throw new AgentError(`${failurePrefix(name, turn)}: ${why}, and a turn needs the section's text.${output.tail(outcome)}`, 'empty-output', { cause: outcome });
        }
        session.remember(events.threadId, turn);
        return events.answer;
      }),
  };
}

type Printed = Pick<ProcessOutcome, 'stdout' | 'stderr'>;

/**
 * The argv after `codex`: exec with JSON events, read-only sandbox, the model when given, the
 * file holding the answer's schema when there is one, the prompt from stdin.
 */
export function codexArgs(model: string | null, schemaFile: string | null = null): string[] {
  return ['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', ...modelAndSchema(model, schemaFile), '-'];
}

/** The argv that continues conversation `id`: `exec resume` has no `--sandbox`, so the setting is passed as config. */
export function codexResumeArgs(model: string | null, id: string, schemaFile: string | null = null): string[] {
  return ['exec', 'resume', '--json', '-c', 'sandbox_mode="read-only"', '--skip-git-repo-check', ...modelAndSchema(model, schemaFile), id, '-'];
}

function modelAndSchema(model: string | null, schemaFile: string | null): string[] {
  return [...(model === null ? [] : ['--model', model]), ...(schemaFile === null ? [] : ['--output-schema', schemaFile])];
}

/** clap's refusal of an argument this Codex does not know: `error: unexpected argument '--output-schema' found`. */
const refusedSchemaFlag = /unexpected argument '--output-schema'/;

/**
 * What explains a failure: codex's error events, then the error lines of its stderr (or all of
 * it when there are none), never the prompt it may echo (the diff must not be read as an error).
 */
export function codexErrorText(printed: Printed, prompt: string): string {
  const own = hidePrompt(printed.stderr, prompt);
  // `ERROR: ...` for the user, `<time> ERROR <module>: ...` from its log, a Rust panic.
  const errors = own.split('\n').filter((line) => /^\s*(error\b|thread '.*' panicked)|^\S+Z\s+ERROR\s/i.test(line));
  return [...readCodexEvents(printed.stdout).errors, errors.length > 0 ? errors.join('\n') : own].join('\n');
}

/** The end of codex's stderr and error events, as error messages quote it. */
export function codexTail(printed: Printed, prompt: string): string {
  const errors = readCodexEvents(printed.stdout).errors.map((message) => `error event: ${message}`);
  const text = [stripAnsi(hidePrompt(printed.stderr, prompt)).trimEnd(), ...errors].join('\n');
  return outputTail(text, { heading: 'The end of its stderr and error events', none: 'It printed nothing on stderr and no error event.' });
}

/** Codex's stderr with the prompt it echoes replaced by a note, so the end of stderr shows codex's own lines. */
export function hidePrompt(stderr: string, prompt: string): string {
  const echoed = prompt.trim();
  if (echoed === '') return stderr;
  return stderr.split(echoed).join(`[the prompt, ${echoed.split('\n').length} lines]`);
}
