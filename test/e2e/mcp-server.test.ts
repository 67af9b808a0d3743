import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { binPath, startCli } from '../helpers/run-cli.js';

interface CallOutput {
  type: string;
  role?: string;
  session: string;
  heading?: string;
  turnOf?: string;
  answerSchema?: Record<string, unknown>;
  example?: Record<string, unknown>;
  problems?: string;
  outcome?: { outcome: string; message: string };
}

describe('code-debate mcp, driven by the MCP SDK client', () => {
  const repos = useDebateRepos();

  it('plays the Reviewer through a whole debate against a builtin side: join, a refused answer, submit, wait, the CONSENSUS, status and show', async () => {
    const repo = await repos.repo();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [binPath, 'mcp'],
      cwd: repo.dir,
      env: { ...process.env, CODE_DEBATE_AGENT: 'builtin' } as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'code-debate-test', version: '1.0.0' });
    await client.connect(transport);
    repos.onCleanup(() => client.close());
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name).toSorted()).toEqual(['join_and_wait', 'show', 'status', 'submit']);
    const join = tools.tools.find((tool) => tool.name === 'join_and_wait');
    expect(Object.keys((join?.inputSchema.properties ?? {}) as object).toSorted()).toEqual(['file', 'role', 'session', 'subject', 'waitSeconds']);
    expect(join?.outputSchema?.properties).toHaveProperty('answerSchema');

    const call = async (name: string, args: Record<string, unknown>): Promise<CallOutput> => {
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      return result.structuredContent as unknown as CallOutput;
    };

    const first = await call('join_and_wait', { subject: 'HEAD', waitSeconds: 20 });
    expect(first).toMatchObject({ type: 'your-turn', role: 'reviewer', heading: 'Review' });
    expect(first.answerSchema).toMatchObject({ type: 'object', required: ['summary', 'points'] });
    const session = first.session;

    // An answer that does not validate is refused, the field named, and nothing written.
    const refused = await call('submit', { session, answer: { summary: '', points: [{ title: 'Debug output left in', severity: 'huge', evidence: [], reasoning: 'x' }] } });
    expect(refused.type).toBe('refused');
    expect(refused.problems).toContain('points[0].severity: Invalid option');
    await expect(repo.readReply()).rejects.toThrow(/ENOENT/);

    const review = {
      summary: '',
      points: [
        {
          title: 'Debug output left in',
          severity: 'medium',
          evidence: [{ path: 'src/app.js', line: 2, endLine: null }],
          reasoning: '`console.log(name)` at `src/app.js:2` logs every name: remove it.',
        },
      ],
    };
    expect(await call('submit', { session, answer: review })).toMatchObject({ type: 'written', heading: 'Review' });

    const builtin = startCli(['--agent', 'builtin', 'HEAD'], { cwd: repo.dir });
    let next = await call('join_and_wait', { session, waitSeconds: 20 });
    while (next.type === 'waiting') next = await call('join_and_wait', { session, waitSeconds: 20 });
    expect(next).toMatchObject({ type: 'your-turn', heading: 'CONSENSUS' });
    expect(next.answerSchema).toBeUndefined();
    expect(await call('submit', { session, answer: 'The debug output goes; both sides agreed.' })).toMatchObject({ type: 'written', heading: 'CONSENSUS' });
    const ended = await call('join_and_wait', { session, waitSeconds: 20 });
    expect(ended.type).toBe('ended');
    expect(ended.outcome?.outcome).toBe('consensus');

    const theirs = await builtin.exited;
    expect([0, 1], theirs.stderr).toContain(theirs.code);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(parseDocument(text).ok).toBe(true);
    expect(text).toContain('*— Reviewer · session · ');
    expect(text).toContain('The debug output goes; both sides agreed.');

    const status = await client.callTool({ name: 'status', arguments: {} });
    const statusText = (status.content as Array<{ text: string }>)[0]?.text ?? '';
    expect(JSON.parse(statusText)).toMatchObject({ turn: null, outcome: 'consensus' });
    const show = await client.callTool({ name: 'show', arguments: { format: 'json' } });
    const report = JSON.parse((show.content as Array<{ text: string }>)[0]?.text ?? '') as { points: Array<{ id: string }> };
    expect(report.points.map((point) => point.id)).toEqual(['R1']);
  });
});
