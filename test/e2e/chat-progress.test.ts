import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();

const chunk = (delta: object, finish: string | null, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;

/**
 * A model server that streams the Review: its first tokens at once, the rest only once the test
 * opens the gate, so the test sees the side while its agent writes. The CONSENSUS is not streamed.
 */
async function startStreamingServer() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    for await (const part of request) body += String(part);
    const prompt = (JSON.parse(body) as { messages: Array<{ content: string }> }).messages.at(-1)?.content ?? '';
    if (prompt.includes('closing a code debate')) {
      response.setHeader('content-type', 'application/json');
      const message = { role: 'assistant', content: 'Remove the debug output before merging.' };
      response.end(JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message }] }));
      return;
    }
    const tokens = sampleReview.match(/\S+\s*/g) ?? [];
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(chunk({ role: 'assistant', content: '' }, null));
    for (const token of tokens.slice(0, 3)) response.write(chunk({ content: token }, null));
    await gate;
    for (const token of tokens.slice(3)) response.write(chunk({ content: token }, null));
    response.write(chunk({}, 'stop'));
    response.write(chunk({}, null, { choices: [], usage: { prompt_tokens: 700, completion_tokens: tokens.length, total_tokens: 700 + tokens.length } }));
    response.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  repos.onCleanup(async () => {
    open();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  });
  return { host: `127.0.0.1:${(server.address() as AddressInfo).port}`, open };
}

interface RoleStatus {
  state: string;
  reason: string;
  tokens: number | null;
  tokensPerSecond: number | null;
  agentRunningMs: number | null;
}

describe('progress while a model server writes', () => {
  it('shows in `status --json` of another process, and as `agent-progress` events of --json', async () => {
    const repo = await repos.repo();
    const chat = await startStreamingServer();
    const agree = await repo.script('agree', {});
    const reviewer = startCli(['--json', '--agent', 'ollama:qwen2.5-coder', 'HEAD'], { cwd: repo.dir, env: { OLLAMA_HOST: chat.host } });
    const responder = startCli(['--role', 'responder', '--agent', scriptedAgent(agree.script, agree.log), 'HEAD'], { cwd: repo.dir });
    // The claim carries the first report at once: `status` reads it while the stream is held.
    const seen = await waitFor(async () => {
      const status = await startCli(['status', '--json'], { cwd: repo.dir }).exited;
      const role = (JSON.parse(status.stdout) as { roles: { reviewer: RoleStatus } }).roles.reviewer;
      return role.tokens !== null && role.tokens > 0 ? role : null;
    }, 'status to show the tokens the Reviewer has written');
    expect(seen.state).toBe('thinking');
    expect(seen.reason).toMatch(/^its agent has run for \S+, \d+ tokens?(, [\d.]+ tokens\/s)? so far$/);
    expect(seen.agentRunningMs).toBeGreaterThanOrEqual(0);
    chat.open();
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    const events = a.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; time: string; heading?: string; agent?: string; tokens?: number | null; elapsedMs?: number });
    const progress = events.filter((event) => event.type === 'agent-progress');
    expect(progress.length).toBeGreaterThan(0);
    for (const event of progress) expect(event).toMatchObject({ heading: 'Review', agent: 'ollama:qwen2.5-coder', tokens: expect.any(Number) });
    // At a bounded rate: the first at once, then at most one per 5 s of the turn.
    const started = Date.parse(events.find((event) => event.type === 'turn-started')?.time ?? '');
    const finished = Date.parse(events.find((event) => event.type === 'agent-finished')?.time ?? '');
    expect(progress.length).toBeLessThanOrEqual(1 + Math.ceil((finished - started) / 5_000));
  }, 60_000);
});
