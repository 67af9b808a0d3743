import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClaudeAgent } from '../../../src/agents/presets/claude-agent.js';
import { describeDuration } from '../../../src/format-duration.js';
import { answerJsonSchema } from '../../../src/protocol/answer-schema.js';
import { failure } from '../../helpers/agent-failure.js';
import { startDeadlineMs } from '../../helpers/start-deadline.js';
import { prompt, useFakeClis } from './use-fake-clis.js';

const fakes = useFakeClis();
const readOnlyArgs = ['-p', '--output-format', 'stream-json', '--verbose', '--include-partial-messages', '--tools', 'Read,Grep,Glob', '--permission-mode', 'dontAsk'];
const answerSchema = answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: [] });
const schemaTurn = { role: 'responder', turn: 'response', answerSchema } as const;
/** An answer as the model gave it, spread over lines: what Claude Code's `structured_output` holds, then. */
const structured = { summary: '', answers: [{ id: 'R1', label: 'Agreed', reasoning: 'It goes.', evidence: [] }], newPoints: [] };

describe('createClaudeAgent', () => {
  it('runs claude -p with read-only tools, the prompt on stdin only, and returns the JSON result', async () => {
    process.env.FAKE_CLI_ANSWER = '### R1. A point\n**Severity:** low\n';
    const agent = createClaudeAgent({ model: null });
    expect(agent.name).toBe('claude');
    expect(await agent.writeTurn(fakes.request())).toBe('### R1. A point\n**Severity:** low\n');
    expect(await fakes.calls()).toEqual([
      {
        program: 'claude',
        argv: readOnlyArgs,
        stdin: prompt,
        env: { CLAUDE_CODE_MAX_RETRIES: '2', CODE_DEBATE_ROLE: 'reviewer', CODE_DEBATE_TURN: 'review' },
        cwd: fakes.dir(),
      },
    ]);
  });

  it('passes --model, and is named claude:<model>', async () => {
    const agent = createClaudeAgent({ model: 'opus' });
    expect(agent.name).toBe('claude:opus');
    await agent.writeTurn(fakes.request());
    expect((await fakes.calls())[0]?.argv).toEqual([...readOnlyArgs, '--model', 'opus']);
  });

  it("asks for the answer's JSON Schema with --json-schema, and returns the result's structured_output as JSON text", async () => {
    process.env.FAKE_CLI_ANSWER = JSON.stringify(structured, null, 2);
    const answer = await createClaudeAgent({ model: 'opus' }).writeTurn(fakes.request(schemaTurn));
    expect(answer).toBe(JSON.stringify(structured));
    expect((await fakes.calls()).map((call) => call.argv)).toEqual([[...readOnlyArgs, '--model', 'opus', '--json-schema', JSON.stringify(answerSchema.schema)]]);
  });

  it('holds a resumed turn to the schema too: --json-schema, then --resume', async () => {
    await mkdir(path.join(fakes.dir(), 'sessions'));
    process.env.FAKE_CLI_SESSIONS = path.join(fakes.dir(), 'sessions');
    process.env.FAKE_CLI_ANSWER = JSON.stringify(structured);
    const agent = createClaudeAgent({ model: null });
    await agent.writeTurn(fakes.request({ ...schemaTurn, round: 1 }));
    expect(await agent.writeTurn(fakes.request({ ...schemaTurn, round: 2, continuation: 'Only what is new.' }))).toBe(JSON.stringify(structured));
    const schema = ['--json-schema', JSON.stringify(answerSchema.schema)];
    expect((await fakes.calls()).map((call) => [call.argv, call.stdin])).toEqual([
      [[...readOnlyArgs, ...schema], prompt],
      [[...readOnlyArgs, ...schema, '--resume', 's1'], 'Only what is new.'],
    ]);
  });

  it('sends no --json-schema for a turn without a schema (the CONSENSUS), and returns its text', async () => {
    process.env.FAKE_CLI_ANSWER = JSON.stringify(structured);
    const answer = await createClaudeAgent({ model: null }).writeTurn(fakes.request({ role: 'reviewer', turn: 'consensus', round: 2 }));
    expect(answer).toBe(JSON.stringify(structured));
    expect((await fakes.calls()).map((call) => call.argv)).toEqual([readOnlyArgs]);
  });

  it('returns the text of a model that answered without the StructuredOutput tool, for the session to check', async () => {
    fakes.mode('schema-ignored');
    process.env.FAKE_CLI_ANSWER = 'Here is my answer: R1 is agreed.';
    expect(await createClaudeAgent({ model: null }).writeTurn(fakes.request(schemaTurn))).toBe('Here is my answer: R1 is agreed.');
  });

  it('fails as bad-output when Claude Code gave up on answers that do not follow the schema', async () => {
    fakes.mode('schema-retries');
    const error = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request(schemaTurn)));
    expect([error.kind, error.message]).toEqual([
      'bad-output',
      "Agent `claude` failed to write response 1: Claude Code gave up on the answer's JSON Schema (error_max_structured_output_retries, exit code 1): " +
        'Failed to provide valid structured output after 5 attempts. Its model kept answering with JSON that does not follow the schema: ' +
        'run code-debate again, or choose another model with `--agent claude:<model>`. It printed nothing on stderr.',
    ]);
  });

  it('says to update a Claude Code that does not take --json-schema', async () => {
    fakes.mode('no-schema-flag');
    const error = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request(schemaTurn)));
    expect([error.kind, error.message]).toEqual([
      'not-installed',
      "Agent `claude` failed to write response 1: this Claude Code does not take `--json-schema`, with which code-debate asks for the turn's answer as JSON. " +
        'Update it: `npm install -g @anthropic-ai/claude-code@latest` (2.1.197 was checked), or choose another --agent.\n' +
        "The end of its stderr:\n  | error: unknown option '--json-schema'",
    ]);
  });

  it('removes the variables of an enclosing Claude Code session and keeps a retry bound the user set', async () => {
    process.env.CLAUDECODE = '1';
    process.env.CLAUDE_CODE_ENTRYPOINT = 'cli';
    process.env.CLAUDE_CODE_SESSION_ID = 'a1b2';
    process.env.CLAUDE_CODE_MAX_RETRIES = '5';
    await createClaudeAgent({ model: null }).writeTurn(fakes.request());
    expect((await fakes.calls())[0]?.env).toEqual({ CLAUDE_CODE_MAX_RETRIES: '5', CODE_DEBATE_ROLE: 'reviewer', CODE_DEBATE_TURN: 'review' });
  });

  it.each([
    [
      'not-logged-in',
      'auth',
      'reported an error (success, exit code 1): Not logged in · Please run /login. Claude Code is not logged in or its credentials were refused: run `claude auth login`',
    ],
    [
      'bad-key',
      'auth',
      'Invalid API key · Fix external API key. Claude Code is not logged in or its credentials were refused: run `claude auth login` (or `claude`, then /login), or set ANTHROPIC_API_KEY.',
    ],
    ['is-error-exit-0', 'auth', 'reported an error (success, exit code 0): Invalid API key · Fix external API key. Claude Code is not logged in'],
    ['max-turns', 'crashed', 'reported an error (error_max_turns, exit code 0): Reached maximum number of turns (1). Run `claude` by hand'],
    [
      'model-not-found',
      'model-not-found',
      'issue with the selected model (claude-default). It may not exist or you may not have access to it. Run --model to pick a different model. The model does not exist or this account cannot use it: name one Claude Code offers with `--agent claude:<model>` (e.g. `--agent claude:sonnet`)',
    ],
    [
      'rate-limited',
      'rate-limited',
      'Request rejected (429) · Number of request tokens has exceeded your per-minute rate limit. Claude Code is being rate limited, is overloaded, or its account is out of quota: wait a few minutes',
    ],
    ['overloaded', 'rate-limited', 'API Error: 529 Overloaded. This is a server-side issue, usually temporary — try again in a moment. Claude Code is being rate limited'],
    ['crash', 'crashed', 'it exited with code 1. Run `claude` by hand in this repository to see the whole error'],
  ] as const)('classifies %s as %s and says what to do', async (mode, kind, says) => {
    fakes.mode(mode);
    const error = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request()));
    expect(error.kind).toBe(kind);
    expect(error.message.startsWith('Agent `claude` failed to write review 1: ')).toBe(true);
    expect(error.message).toContain(says);
    expect(error.message).toMatch(mode === 'crash' ? /The end of its stderr:\n {2}\| TypeError/ : /It printed nothing on stderr\.$/);
  });

  it('fails a result with no text as empty-output, and output that is not the JSON result as bad-output', async () => {
    fakes.mode('empty-result');
    const empty = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request()));
    expect([empty.kind, empty.message]).toEqual([
      'empty-output',
      "Agent `claude` failed to write review 1: its JSON result has an empty `result`, and a turn needs the section's text. It printed nothing on stderr.",
    ]);
    fakes.mode('not-json');
    process.env.FAKE_CLI_ANSWER = 'Just text';
    const text = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request()));
    expect([text.kind, text.message]).toEqual([
      'bad-output',
      'Agent `claude` failed to write review 1: it printed no JSON result on stdout (expected a last line `{"type":"result",...}` from --output-format stream-json), ' +
        'but it printed `Just text`. Check that `claude --version` is Claude Code 2 or later. It printed nothing on stderr.',
    ]);
  });

  it('stops a claude that does not answer by the deadline', async () => {
    fakes.mode('hang');
    // The fake must have started and printed before the deadline, however busy the machine is.
    const timeoutMs = await startDeadlineMs(1_000);
    const error = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request({ timeoutMs })));
    expect(error.kind).toBe('timed-out');
    expect(error.message).toBe(
      `Agent \`claude\` failed to write review 1: it did not finish within ${describeDuration(timeoutMs)} (--agent-timeout), so it was stopped.\nThe end of its stderr:\n  | fake claude: thinking`,
    );
  });

  it('names a deadline hit while claude waited to retry a failed API call for what the call failed with', async () => {
    fakes.mode('retrying');
    const timeoutMs = await startDeadlineMs(1_000);
    const error = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request({ timeoutMs })));
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toContain('so it was stopped; before that it said: API call failed (status 429, rate_limit); retry 1 of 2. Claude Code is being rate limited');
  });

  it('does not take the words of a file the model read for its own trouble: a deadline is a deadline', async () => {
    // The fake reads a file that answers 429 and speaks of a quota, then waits for a gate that never opens.
    fakes.mode('working');
    const timeoutMs = await startDeadlineMs(1_000);
    const error = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request({ timeoutMs })));
    expect(error.kind).toBe('timed-out');
    expect(error.message).not.toMatch(/rate limit|quota|said:/);
  });

  it('says how to install claude when it is not on PATH', async () => {
    process.env.PATH = fakes.dir();
    const error = await failure(createClaudeAgent({ model: null }).writeTurn(fakes.request()));
    expect([error.kind, error.message]).toEqual([
      'not-installed',
      'Agent `claude` failed to write review 1: `claude` is not installed or not on PATH. ' +
        'Install Claude Code (`npm install -g @anthropic-ai/claude-code`) so that `claude` is on PATH, or choose another --agent.',
    ]);
  });
});
