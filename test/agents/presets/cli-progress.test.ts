import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentProgress } from '../../../src/agents/agent.js';
import { claudeEventReader, cliProgress, codexEventReader, geminiEventReader, type CliEventReader } from '../../../src/agents/presets/cli-progress.js';
import { runAgentProcess } from '../../../src/agents/run-agent-process.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { turnRequest } from '../../helpers/turn-request.js';
import { waitFor } from '../../helpers/wait-for.js';

const tempDir = useTempDir('code-debate-cli-progress-');

/** What onProgress was told, line by line, without the elapsed time. */
function reports(lines: readonly string[], reader: CliEventReader): Array<Omit<AgentProgress, 'elapsedMs'>> {
  const told: Array<Omit<AgentProgress, 'elapsedMs'>> = [];
  const onLine = cliProgress(
    {
      onProgress: ({ elapsedMs, ...rest }) => {
        expect(elapsedMs).toBeGreaterThanOrEqual(0);
        told.push(rest);
      },
    },
    reader,
  );
  for (const line of lines) onLine?.(line);
  return told;
}

describe('cliProgress', () => {
  it('listens to nothing when no one wants the progress', () => {
    expect(cliProgress({}, claudeEventReader())).toBeUndefined();
  });

  it('skips what is not a JSON event: a warning, a half line, an array', () => {
    const lines = ['Warning: 256-color support not detected.', '{"type":"assistant","message":{"content":[{"type":"tool_use"', '[1,2]', ''];
    expect(reports(lines, claudeEventReader())).toEqual([]);
  });
});

describe('runAgentProcess: onLine', () => {
  it('tells each line of stdout as it comes, while the agent still runs, and returns stdout whole', async () => {
    const dir = await tempDir();
    const gate = path.join(dir, 'gate');
    // Prints a line, waits for the test to see it, then prints the last one without a newline.
    const program = `process.stdout.write('{"a":1}\\n'); const t = setInterval(() => { if (require('fs').existsSync(${JSON.stringify(gate)})) { clearInterval(t); process.stdout.write('last'); } }, 20);`;
    const seen: string[] = [];
    const running = runAgentProcess(
      'node',
      {
        program: process.execPath,
        args: ['-e', program],
        input: '',
        onLine: (line) => {
          seen.push(line);
          throw new Error('a listener that throws does not fail the agent');
        },
      },
      turnRequest(dir),
    );
    await waitFor(() => seen.length === 1, 'the first line, while the agent waits');
    await writeFile(gate, '');
    const outcome = await running;
    expect(seen).toEqual(['{"a":1}', 'last']);
    expect(outcome).toMatchObject({ stdout: '{"a":1}\nlast', exitCode: 0 });
  });
});

describe("Claude Code's stream-json", () => {
  it('counts the tool calls and the tokens of each model call, in the stream Claude Code 2.1.197 printed', async () => {
    // Recorded from the real CLI (test/contract's Anthropic stand-in asking for four tools, then answering).
    const text = await readFile(new URL('../../fixtures/cli-streams/claude-2.1.197-tool-calls.jsonl', import.meta.url), 'utf8');
    expect(reports(text.split('\n'), claudeEventReader())).toEqual([
      { steps: 1, tokens: null, tokensPerSecond: null },
      { steps: 2, tokens: null, tokensPerSecond: null },
      { steps: 3, tokens: null, tokensPerSecond: null },
      { steps: 4, tokens: null, tokensPerSecond: null },
      { steps: 4, tokens: 80, tokensPerSecond: null },
      { steps: 4, tokens: 160, tokensPerSecond: null },
    ]);
  });

  it('counts a call once when its block comes again, and a model call by its last count', () => {
    const call = JSON.stringify({
      type: 'assistant',
      message: {
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'Read' },
          { type: 'text', text: 'Reading.' },
        ],
      },
    });
    const raw = (event: object) => JSON.stringify({ type: 'stream_event', event });
    const lines = [
      raw({ type: 'message_start', message: { usage: { output_tokens: 1 } } }),
      call,
      call,
      raw({ type: 'message_delta', usage: { output_tokens: 30 } }),
      raw({ type: 'message_delta', usage: { output_tokens: 55 } }),
      raw({ type: 'message_start', message: { usage: { output_tokens: 1 } } }),
      raw({ type: 'message_delta', usage: { output_tokens: 7 } }),
      raw({ type: 'message_delta', usage: { output_tokens: -1 } }),
    ];
    expect(reports(lines, claudeEventReader())).toEqual([
      { steps: 1, tokens: null, tokensPerSecond: null },
      { steps: 1, tokens: 30, tokensPerSecond: null },
      { steps: 1, tokens: 55, tokensPerSecond: null },
      { steps: 1, tokens: 62, tokensPerSecond: null },
    ]);
  });
});

describe('codex exec --json', () => {
  it('counts each command, tool call, search and file change once, when it completes; not its messages or reasoning', () => {
    const item = (type: string, id: string, event = 'item.completed') => JSON.stringify({ type: event, item: { id, type } });
    const lines = [
      JSON.stringify({ type: 'thread.started', thread_id: 't' }),
      JSON.stringify({ type: 'turn.started' }),
      item('reasoning', 'item_0'),
      item('command_execution', 'item_1', 'item.started'),
      item('command_execution', 'item_1'),
      item('command_execution', 'item_1'),
      item('mcp_tool_call', 'item_2'),
      item('web_search', 'item_3'),
      item('file_change', 'item_4'),
      item('error', 'item_5'),
      item('agent_message', 'item_6'),
      JSON.stringify({ type: 'turn.completed', usage: { input_tokens: 1400, output_tokens: 80 } }),
    ];
    expect(reports(lines, codexEventReader())).toEqual([1, 2, 3, 4].map((steps) => ({ steps, tokens: null, tokensPerSecond: null })));
  });
});

describe('gemini -o stream-json', () => {
  it('counts each tool call once, in the stream Gemini CLI 0.61.0 printed; its tokens come only at the end', async () => {
    // Recorded from the real CLI (test/contract's Gemini API stand-in calling five tools, each refused by the read-only policy, then answering).
    const text = await readFile(new URL('../../fixtures/cli-streams/gemini-0.61.0-tool-calls.jsonl', import.meta.url), 'utf8');
    expect(reports([...text.split('\n'), ...text.split('\n')], geminiEventReader())).toEqual([1, 2, 3, 4, 5].map((steps) => ({ steps, tokens: null, tokensPerSecond: null })));
  });
});
