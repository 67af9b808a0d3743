import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createGeminiAgent, geminiInstruction, geminiJsonInstruction, geminiPolicyFile } from '../../../src/agents/presets/gemini-agent.js';
import { describeDuration } from '../../../src/format-duration.js';
import { answerJsonSchema } from '../../../src/protocol/answer-schema.js';
import { failure } from '../../helpers/agent-failure.js';
import { startDeadlineMs } from '../../helpers/start-deadline.js';
import { waitFor } from '../../helpers/wait-for.js';
import { prompt, useFakeClis } from './use-fake-clis.js';

const fakes = useFakeClis();
const readOnlyArgs = ['-p', geminiInstruction, '-o', 'stream-json', '--approval-mode', 'plan', '--policy', geminiPolicyFile, '--skip-trust'];
const answerSchema = answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1'], toHold: [] });

describe('createGeminiAgent', () => {
  it('runs gemini headless in plan (read-only) mode with the prompt on stdin, and returns the text it wrote after its last tool call', async () => {
    process.env.FAKE_CLI_ANSWER = '### R1. A point\n**Severity:** low';
    const agent = createGeminiAgent({ model: null });
    expect(agent.name).toBe('gemini');
    expect(await agent.writeTurn(fakes.request())).toBe('### R1. A point\n**Severity:** low');
    expect(await fakes.calls()).toEqual([
      { program: 'gemini', argv: readOnlyArgs, stdin: prompt, env: { CODE_DEBATE_ROLE: 'reviewer', CODE_DEBATE_TURN: 'review' }, cwd: fakes.dir() },
    ]);
    expect(geminiInstruction).toBe('Write the section the instructions above ask for. Reply with its Markdown text only.');
  });

  it('sends no schema for a turn with one (Gemini CLI has no flag for it), asks for JSON in place of Markdown, and returns the response as is', async () => {
    process.env.FAKE_CLI_ANSWER = '```json\n{"summary": "", "answers": []}\n```';
    const agent = createGeminiAgent({ model: 'gemini-2.5-pro' });
    expect(await agent.writeTurn(fakes.request({ role: 'responder', turn: 'response', answerSchema }))).toBe('```json\n{"summary": "", "answers": []}\n```');
    expect((await fakes.calls()).map((call) => [call.argv, call.stdin])).toEqual([[['-p', geminiJsonInstruction, ...readOnlyArgs.slice(2), '--model', 'gemini-2.5-pro'], prompt]]);
    expect(geminiJsonInstruction).toBe('Write the answer the instructions above ask for. Reply with its JSON object only.');
  });

  it("passes the package's policy, which denies leaving plan mode and every tool that writes or runs commands", async () => {
    const policy = await readFile(geminiPolicyFile, 'utf8');
    const denied = /toolName = \[([^\]]*)\]\s*decision = "deny"\s*priority = 999/.exec(policy)?.[1] ?? '';
    for (const tool of ['exit_plan_mode', 'write_file', 'replace', 'run_shell_command', 'save_memory']) expect(denied).toContain(`"${tool}"`);
    expect(geminiPolicyFile).toBe(path.resolve(fileURLToPath(new URL('../../../templates/gemini-read-only.toml', import.meta.url))));
  });

  it('refuses a Gemini CLI too old to take --policy, saying why and what to do', async () => {
    fakes.mode('no-policy');
    const error = await failure(createGeminiAgent({ model: null }).writeTurn(fakes.request()));
    expect(error.kind).toBe('not-installed');
    expect(error.message).toContain('this Gemini CLI does not take `--policy`, which code-debate needs to keep it read-only');
    expect(error.message).toContain('npm install -g @google/gemini-cli@latest');
  });

  it('passes --model, and is named gemini:<model>', async () => {
    const agent = createGeminiAgent({ model: 'gemini-2.5-pro' });
    expect(agent.name).toBe('gemini:gemini-2.5-pro');
    await agent.writeTurn(fakes.request());
    expect((await fakes.calls())[0]?.argv).toEqual([...readOnlyArgs, '--model', 'gemini-2.5-pro']);
  });

  it.each([
    [
      'no-credentials',
      'auth',
      'it exited with code 41. Gemini CLI is not logged in or its credentials were refused: run `gemini` once in a terminal and sign in, or set GEMINI_API_KEY',
    ],
    ['bad-key', 'auth', 'Gemini CLI reported an error (exit code 144): API key not valid. Please pass a valid API key. Gemini CLI is not logged in'],
    [
      'model-not-found',
      'model-not-found',
      'Gemini CLI reported an error (exit code 1): models/gemini-default is not found for API version v1beta, or is not supported for generateContent. ' +
        'The model does not exist or this account cannot use it: name one Gemini CLI offers with `--agent gemini:<model>`, or use `--agent gemini` for its default model.',
    ],
    [
      'untrusted',
      'auth',
      'it exited with code 55. Gemini CLI refused to run in a folder it does not trust, although code-debate passes --skip-trust (a setting may forbid it): ' +
        'run `gemini` once in this repository and trust it, or set GEMINI_CLI_TRUST_WORKSPACE=true.\nThe end of its stderr:\n  | Gemini CLI is not running in a trusted directory.',
    ],
  ] as const)('classifies %s as %s and says what to do', async (mode, kind, says) => {
    fakes.mode(mode);
    const error = await failure(createGeminiAgent({ model: null }).writeTurn(fakes.request()));
    expect(error.kind).toBe(kind);
    expect(error.message.startsWith('Agent `gemini` failed to write review 1: ')).toBe(true);
    expect(error.message).toContain(says);
    expect(error.message).toContain('\nThe end of its stderr:\n');
    expect(error.message).not.toContain('\u001b[');
  });

  it('reports a gemini that kept retrying a 429 until the deadline as rate limited', async () => {
    fakes.mode('rate-limited');
    // The fake must have started and printed before the deadline, however busy the machine is.
    const timeoutMs = await startDeadlineMs(1_500);
    const error = await failure(createGeminiAgent({ model: null }).writeTurn(fakes.request({ timeoutMs })));
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toContain(
      `Agent \`gemini\` failed to write review 1: it did not finish within ${describeDuration(timeoutMs)} (--agent-timeout), so it was stopped; before that it said: ` +
        'Attempt 1 failed with status 429. Retrying with backoff... _ApiError: {"error":{"code":429,"message":"You exceeded your current quota, please check your plan and billing details.","status":"RESOURCE_EXHAUSTED"}}. ' +
        'Gemini CLI is being rate limited, is overloaded, or its account is out of quota: wait a few minutes and run code-debate again',
    );
    expect(error.message).toMatch(/\n {2}\| {3}status: 429\n {2}\| }$/);
  });

  it('fails an empty answer as empty-output, an answer it found invalid with its words, and output that is not its events as bad-output', async () => {
    fakes.mode('empty');
    const empty = await failure(createGeminiAgent({ model: null }).writeTurn(fakes.request()));
    expect([empty.kind, empty.message]).toEqual([
      'empty-output',
      "Agent `gemini` failed to write review 1: it wrote no text after its last tool call, and a turn needs the section's text.\n" +
        'The end of its stderr:\n  | Ripgrep is not available. Falling back to GrepTool.',
    ]);
    fakes.mode('invalid-stream');
    const invalid = await failure(createGeminiAgent({ model: null }).writeTurn(fakes.request()));
    expect(invalid.message).toContain('Agent `gemini` failed to write review 1: Gemini CLI reported an error (exit code 0): Model stream ended with an empty response.');
    fakes.mode('not-json');
    const text = await failure(createGeminiAgent({ model: null }).writeTurn(fakes.request()));
    expect([text.kind, text.message]).toEqual([
      'bad-output',
      'Agent `gemini` failed to write review 1: it printed no `result` event on stdout (expected from -o stream-json). ' +
        'Check that `gemini --version` is 0.61 or later. It printed nothing on stderr.',
    ]);
  });

  it('tells the turn of each tool call while it works', async () => {
    fakes.mode('working');
    const gate = path.join(fakes.dir(), 'gate');
    process.env.FAKE_CLI_GATE = gate;
    const steps: Array<number | null> = [];
    const turn = createGeminiAgent({ model: null }).writeTurn(fakes.request({ onProgress: (progress) => steps.push(progress.steps ?? null) }));
    await waitFor(() => steps.length === 1, 'the tool call reported while gemini works');
    await writeFile(gate, '');
    expect(await turn).toBe('### R1. Answer from the fake gemini\n**Severity:** low\n');
    expect(steps).toEqual([1]);
  });
});
