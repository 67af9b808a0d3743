import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli } from '../helpers/run-cli.js';

const repos = useDebateRepos();

interface ChatRequest {
  path: string;
  model: string;
  prompt: string;
  maxTokens: unknown;
}

/** A local OpenAI-compatible server that reviews like an agent would, recording what it was asked. */
async function startChatServer() {
  const requests: ChatRequest[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const parsed = JSON.parse(body) as { model: string; messages: Array<{ role: string; content: string }>; max_tokens?: unknown };
    const prompt = parsed.messages.at(-1)?.content ?? '';
    requests.push({ path: request.url ?? '', model: parsed.model, prompt, maxTokens: parsed.max_tokens });
    const content = prompt.includes('closing a code debate') ? 'Remove the debug output before merging.' : sampleReview;
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: parsed.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  repos.onCleanup(() => new Promise((resolve) => server.close(() => resolve())));
  return { host: `127.0.0.1:${port}`, requests };
}

describe('an OpenAI-compatible server as the Reviewer', () => {
  it('debates through `--agent ollama:<model>` with OLLAMA_HOST, to CONSENSUS', async () => {
    const repo = await repos.repo();
    const chat = await startChatServer();
    const agree = await repo.script('agree', {});
    const env = { OLLAMA_HOST: chat.host };
    const reviewer = startCli(['--agent', 'ollama:qwen2.5-coder', 'HEAD'], { cwd: repo.dir, env });
    const responder = startCli(['--role', 'responder', '--agent', scriptedAgent(agree.script, agree.log), 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(await repo.readReply()).toContain('*— Reviewer · ollama:qwen2.5-coder · ');
    expect(chat.requests.map((request) => [request.path, request.model])).toEqual([
      ['/v1/chat/completions', 'qwen2.5-coder'],
      ['/v1/chat/completions', 'qwen2.5-coder'],
    ]);
    expect(chat.requests[0]?.prompt).toContain('+  console.log(name);');
    expect(chat.requests.map((request) => request.maxTokens)).toEqual([16_384, 16_384]);
  });

  it('`duo --max-output-tokens` reaches the server as max_tokens, through the side that runs the chat agent', async () => {
    const repo = await repos.repo();
    const chat = await startChatServer();
    const agree = await repo.script('agree', {});
    const duo = startCli(['duo', '--reviewer-agent', 'ollama:qwen2.5-coder', '--responder-agent', scriptedAgent(agree.script, agree.log), '--max-output-tokens', '2048', 'HEAD'], {
      cwd: repo.dir,
      env: { OLLAMA_HOST: chat.host },
    });
    const exit = await duo.exited;
    expect(exit.code, exit.stderr).toBe(0);
    expect(chat.requests.map((request) => request.maxTokens)).toEqual([2_048, 2_048]);
  });

  it('a server that is not there: exit 4 and a message that says where it looked and what to do', async () => {
    const repo = await repos.repo();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const exit = await startCli(['--agent', 'ollama:qwen2.5-coder', 'HEAD'], { cwd: repo.dir, env: { OLLAMA_HOST: `127.0.0.1:${port}` } }).exited;
    expect(exit.code).toBe(4);
    expect(exit.stderr).toContain(`127.0.0.1:${port}`);
    expect(exit.stderr).toContain('ollama serve');
  });
});
