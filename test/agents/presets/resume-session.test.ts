import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Agent, TurnRequest } from '../../../src/agents/agent.js';
import { createClaudeAgent } from '../../../src/agents/presets/claude-agent.js';
import { createCodexAgent } from '../../../src/agents/presets/codex-agent.js';
import { sampleSubject } from '../../helpers/turn-request.js';
import { prompt, useFakeClis } from './use-fake-clis.js';

const fakes = useFakeClis();

/** Where the fake keeps its conversations, so that an id it never started is refused. */
async function keepSessions(): Promise<string> {
  const dir = path.join(fakes.dir(), 'sessions');
  await mkdir(dir);
  process.env.FAKE_CLI_SESSIONS = dir;
  return dir;
}

const presets: Array<[string, () => Agent, (id: string) => string[], string[]]> = [
  [
    'claude',
    () => createClaudeAgent({ model: null }),
    (id) => ['-p', '--output-format', 'stream-json', '--verbose', '--include-partial-messages', '--tools', 'Read,Grep,Glob', '--permission-mode', 'dontAsk', '--resume', id],
    ['-p', '--output-format', 'stream-json', '--verbose', '--include-partial-messages', '--tools', 'Read,Grep,Glob', '--permission-mode', 'dontAsk'],
  ],
  [
    'codex',
    () => createCodexAgent({ model: null }),
    (id) => ['exec', 'resume', '--json', '-c', 'sandbox_mode="read-only"', '--skip-git-repo-check', id, '-'],
    ['exec', '--json', '--sandbox', 'read-only', '--skip-git-repo-check', '-'],
  ],
];

describe.each(presets)('%s continues its conversation across turns', (_name, create, resumeArgs, freshArgs) => {
  const response = (overrides: Partial<TurnRequest> = {}) => fakes.request({ role: 'responder', turn: 'response', round: 2, continuation: 'Only what is new.', ...overrides });

  it('starts with the full prompt, then sends only the continuation to the same conversation', async () => {
    await keepSessions();
    const agent = create();
    const sent: string[] = [];
    await agent.writeTurn(fakes.request({ role: 'responder', turn: 'response', round: 1, onPromptSent: (text) => sent.push(text) }));
    await agent.writeTurn(response({ onPromptSent: (text) => sent.push(text) }));
    await agent.writeTurn(response({ round: 3, continuation: 'Round three.' }));
    const calls = await fakes.calls();
    expect(calls.map((call) => [call.argv, call.stdin])).toEqual([
      [freshArgs, prompt],
      [resumeArgs('s1'), 'Only what is new.'],
      [resumeArgs('s1'), 'Round three.'],
    ]);
    expect(sent).toEqual(['Only what is new.']);
  });

  it('starts a new conversation with the full prompt when the diff changed', async () => {
    await keepSessions();
    const agent = create();
    await agent.writeTurn(fakes.request({ role: 'responder', turn: 'response', round: 1 }));
    await agent.writeTurn(response({ subject: { ...sampleSubject, diffSha256: 'd'.repeat(64) } }));
    expect((await fakes.calls()).map((call) => [call.argv, call.stdin])).toEqual([
      [freshArgs, prompt],
      [freshArgs, prompt],
    ]);
  });

  it('starts afresh, within the same turn, when the CLI lost the conversation', async () => {
    const sessions = await keepSessions();
    const agent = create();
    await agent.writeTurn(fakes.request({ role: 'responder', turn: 'response', round: 1 }));
    process.env.FAKE_CLI_SESSIONS = path.join(sessions, '..');
    const sent: string[] = [];
    expect(await agent.writeTurn(response({ onPromptSent: (text) => sent.push(text) }))).toContain('Answer from the fake');
    const calls = await fakes.calls();
    expect(calls.map((call) => [call.argv, call.stdin]).slice(1)).toEqual([
      [resumeArgs('s1'), 'Only what is new.'],
      [freshArgs, prompt],
    ]);
    expect(sent).toEqual(['Only what is new.', prompt]);
  });
});
