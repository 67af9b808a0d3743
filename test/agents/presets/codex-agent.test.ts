import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCodexAgent } from '../../../src/agents/presets/codex-agent.js';
import { answerJsonSchema } from '../../../src/protocol/answer-schema.js';
import { describeDuration } from '../../../src/format-duration.js';
import { failure } from '../../helpers/agent-failure.js';
import { startDeadlineMs } from '../../helpers/start-deadline.js';
import { prompt, useFakeClis, type FakeCall } from './use-fake-clis.js';

const fakes = useFakeClis();
const answerSchema = answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: [] });
const schemaTurn = { role: 'responder', turn: 'response', answerSchema } as const;

/** The `--output-schema` file a call was given, with what it held when codex read it. */
function schemaFileOf(call: FakeCall | undefined): { file: string; content: string | null } {
  const argv = call?.argv ?? [];
  const file = argv[argv.indexOf('--output-schema') + 1] ?? '';
  return { file, content: call?.files?.[file] ?? null };
}

describe('createCodexAgent', () => {
  it('runs codex exec in a read-only sandbox with the prompt on stdin only, and returns its final message', async () => {
    process.env.FAKE_CLI_ANSWER = '### R1. A point\n**Severity:** low';
    const agent = createCodexAgent({ model: null });
    expect(agent.name).toBe('codex');
    expect(await agent.writeTurn(fakes.request())).toBe('### R1. A point\n**Severity:** low');
    expect(await fakes.calls()).toEqual([
      {
        program: 'codex',
        argv: ['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '-'],
        stdin: prompt,
        env: { CODE_DEBATE_ROLE: 'reviewer', CODE_DEBATE_TURN: 'review' },
        cwd: fakes.dir(),
      },
    ]);
  });

  it('passes --model before the `-` that reads stdin, and is named codex:<model>', async () => {
    const agent = createCodexAgent({ model: 'gpt-5-codex' });
    expect(agent.name).toBe('codex:gpt-5-codex');
    await agent.writeTurn(fakes.request());
    expect((await fakes.calls())[0]?.argv).toEqual(['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '--model', 'gpt-5-codex', '-']);
  });

  it("asks for the answer's JSON Schema with --output-schema, in a file removed after the call, and returns its final message as is", async () => {
    process.env.FAKE_CLI_ANSWER = '```json\n{"summary": ""}\n```';
    const answer = await createCodexAgent({ model: 'gpt-5-codex' }).writeTurn(fakes.request(schemaTurn));
    expect(answer).toBe('```json\n{"summary": ""}\n```');
    const [call] = await fakes.calls();
    const { file, content } = schemaFileOf(call);
    expect(call?.argv).toEqual(['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '--model', 'gpt-5-codex', '--output-schema', file, '-']);
    expect(path.dirname(path.dirname(file))).toBe(os.tmpdir());
    expect(path.basename(file)).toBe('answer-schema.json');
    expect(JSON.parse(content ?? 'null')).toEqual(answerSchema.schema);
    expect(existsSync(path.dirname(file))).toBe(false);
  });

  it('holds a resumed turn to the schema too, each call with a file of its own', async () => {
    await mkdir(path.join(fakes.dir(), 'sessions'));
    process.env.FAKE_CLI_SESSIONS = path.join(fakes.dir(), 'sessions');
    const agent = createCodexAgent({ model: null });
    await agent.writeTurn(fakes.request({ ...schemaTurn, round: 1 }));
    await agent.writeTurn(fakes.request({ ...schemaTurn, round: 2, continuation: 'Only what is new.' }));
    const calls = await fakes.calls();
    const [first, second] = calls.map(schemaFileOf);
    expect(calls.map((call) => call.argv)).toEqual([
      ['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '--output-schema', first?.file, '-'],
      ['exec', 'resume', '--json', '-c', 'sandbox_mode="read-only"', '--skip-git-repo-check', '--output-schema', second?.file, 's1', '-'],
    ]);
    expect(first?.file).not.toBe(second?.file);
    expect([first?.content, second?.content].map((content) => JSON.parse(content ?? 'null') as unknown)).toEqual([answerSchema.schema, answerSchema.schema]);
    for (const each of [first, second]) expect(existsSync(path.dirname(each?.file ?? ''))).toBe(false);
  });

  it('removes the schema file after a failed call too, and sends none for a turn without a schema', async () => {
    fakes.mode('bad-key');
    await failure(createCodexAgent({ model: null }).writeTurn(fakes.request(schemaTurn)));
    fakes.mode('success');
    await createCodexAgent({ model: null }).writeTurn(fakes.request({ role: 'reviewer', turn: 'consensus', round: 2 }));
    const [failed, consensus] = await fakes.calls();
    expect(existsSync(path.dirname(schemaFileOf(failed).file))).toBe(false);
    expect(consensus?.argv).toEqual(['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '-']);
    expect(consensus?.files).toBeUndefined();
  });

  it('says to update a Codex that does not take --output-schema', async () => {
    fakes.mode('no-schema-flag');
    const error = await failure(createCodexAgent({ model: null }).writeTurn(fakes.request(schemaTurn)));
    expect(error.kind).toBe('not-installed');
    expect(error.message).toBe(
      "Agent `codex` failed to write response 1: this Codex does not take `--output-schema`, with which code-debate asks for the turn's answer as JSON. " +
        'Update it: `npm install -g @openai/codex@latest` (codex-cli 0.169.0 was checked), or choose another --agent.\n' +
        "The end of its stderr and error events:\n  | error: unexpected argument '--output-schema' found\n  | Usage: codex exec [OPTIONS] [PROMPT]",
    );
  });

  it.each([
    ['not-logged-in', 'auth', 'it exited with code 1: unexpected status 401 Unauthorized: Missing bearer or basic authentication in header'],
    [
      'bad-key',
      'auth',
      'Incorrect API key provided: sk-bad., url: https://api.openai.com/v1/responses. Codex is not logged in or its credentials were refused: run `codex login`, or set CODEX_API_KEY',
    ],
    [
      'model-not-found',
      'model-not-found',
      ': The model `gpt-default` does not exist or you do not have access to it. The model does not exist or this account cannot use it: name one Codex offers with `--agent codex:<model>`',
    ],
    ['rate-limited', 'rate-limited', ': exceeded retry limit, last status: 429 Too Many Requests. Codex is being rate limited'],
    ['quota', 'rate-limited', ': Quota exceeded. Check your plan and billing details. Codex is being rate limited, is overloaded, or its account is out of quota'],
    ['server-error', 'server-error', ": We’re currently experiencing high demand, which may cause temporary errors. Codex's service failed on its side"],
    // The prompt holds "429", "model not found" and "not logged in": none of it is read as the error.
    ['crash', 'crashed', 'it exited with code 101. Run `codex` by hand'],
  ] as const)('classifies %s as %s and says what to do', async (mode, kind, says) => {
    fakes.mode(mode);
    const error = await failure(createCodexAgent({ model: null }).writeTurn(fakes.request()));
    expect(error.kind).toBe(kind);
    expect(error.message.startsWith('Agent `codex` failed to write review 1: ')).toBe(true);
    expect(error.message).toContain(says);
    expect(error.message).toMatch(/\nThe end of its stderr and error events:\n(  \| .*\n)*  \| \S/);
    expect(error.message).not.toContain('Review this change.');
  });

  it('quotes its error events after its stderr, turn.failed not again when it repeats the last', async () => {
    fakes.mode('rate-limited');
    const error = await failure(createCodexAgent({ model: null }).writeTurn(fakes.request()));
    expect(error.message).toMatch(/\nThe end of its stderr and error events:\n {2}\| WARNING: .*\n {2}\| error event: exceeded retry limit, last status: 429 Too Many Requests$/);
  });

  it('fails a turn with no final message as empty-output', async () => {
    fakes.mode('empty');
    const error = await failure(createCodexAgent({ model: null }).writeTurn(fakes.request()));
    expect(error.kind).toBe('empty-output');
    expect(error.message).toMatch(
      /^Agent `codex` failed to write review 1: it printed no final message \(no `agent_message` event\), and a turn needs the section's text\.\nThe end of its stderr and error events:\n/,
    );
  });

  it("reads the turn's tokens from the thread's running totals, a resumed turn's as what they grew by", async () => {
    await mkdir(path.join(fakes.dir(), 'sessions'));
    process.env.FAKE_CLI_SESSIONS = path.join(fakes.dir(), 'sessions');
    const agent = createCodexAgent({ model: null });
    const reports: unknown[] = [];
    const onUsage = (usage: unknown) => reports.push(usage);
    await agent.writeTurn(fakes.request({ turn: 'response', role: 'responder', round: 1, onUsage }));
    await agent.writeTurn(fakes.request({ turn: 'response', role: 'responder', round: 2, continuation: 'Only what is new.', onUsage }));
    expect((await fakes.calls()).map((call) => call.argv[1])).toEqual(['--json', 'resume']);
    const turn = { inputTokens: 700, outputTokens: 40, cachedInputTokens: 200, costUsd: null };
    expect(reports).toEqual([turn, turn]);
  });

  it('says a codex stopped at the deadline was waiting for the network', async () => {
    fakes.mode('no-network');
    // The fake must have started and printed before the deadline, however busy the machine is.
    const timeoutMs = await startDeadlineMs(1_000);
    const error = await failure(createCodexAgent({ model: null }).writeTurn(fakes.request({ timeoutMs })));
    expect(error.kind).toBe('timed-out');
    expect(error.message).toContain(
      `Agent \`codex\` failed to write review 1: it did not finish within ${describeDuration(timeoutMs)} (--agent-timeout), so it was stopped; before that it said: ` +
        'Reconnecting... waiting for network. Codex could not reach its service: check the network connection and any proxy settings (HTTPS_PROXY)',
    );
    expect(error.message).toMatch(/\n {2}\| error event: Reconnecting\.\.\. waiting for network$/);
  });

  it('reports a plain timeout when nothing it printed explains it', async () => {
    fakes.mode('hang');
    const timeoutMs = await startDeadlineMs(1_000);
    const error = await failure(createCodexAgent({ model: null }).writeTurn(fakes.request({ timeoutMs })));
    expect(error.kind).toBe('timed-out');
    expect(error.message).toBe(
      `Agent \`codex\` failed to write review 1: it did not finish within ${describeDuration(timeoutMs)} (--agent-timeout), so it was stopped.\n` +
        'The end of its stderr and error events:\n  | WARNING: proceeding, even though we could not create PATH aliases',
    );
  });
});
