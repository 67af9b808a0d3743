import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { agentPids, binPath, killSidesAfter, scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();

describe('code-debate mcp, its peer gone while it waits', () => {
  it('join_and_wait returns peer-gone (as `turn` exits 3) with the reason, rather than waiting out waitSeconds', async () => {
    const repo = await repos.repo();
    const hanging = await repo.script('hanging', { response: { hang: true } });
    const running = killSidesAfter(repos.onCleanup, hanging.log);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [binPath, 'mcp'],
      cwd: repo.dir,
      env: { ...process.env } as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'code-debate-test', version: '1.0.0' });
    await client.connect(transport);
    repos.onCleanup(() => client.close());
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      return result.structuredContent as { type: string; session: string; turnOf?: string; reason?: string };
    };

    // The MCP session is the Reviewer: it joins and writes its Review; the Responder (a driven side) takes its turn.
    const first = await call('join_and_wait', { subject: 'HEAD', waitSeconds: 20 });
    expect(first.type).toBe('your-turn');
    const written = await call('submit', { session: first.session, answer: sampleReview });
    expect(written.type).toBe('written');
    const responder = startCli(['--agent', scriptedAgent(hanging.script, hanging.log), 'HEAD'], { cwd: repo.dir });
    running.push(responder);
    await waitWhileRunning(responder, () => responder.output().stderr.includes('I am the Responder'), 'the Responder to claim its role');
    await waitFor(async () => (await agentPids(hanging.log)).length === 1, "the Responder's agent to start");

    // The session waits (up to a minute) while the Responder's process dies: its claim goes stale.
    const waiting = call('join_and_wait', { session: first.session, waitSeconds: 60 });
    responder.child.kill('SIGKILL');
    await responder.exited;
    const started = Date.now();
    const told = await waiting;
    expect(told).toMatchObject({ type: 'peer-gone', turnOf: 'responder' });
    expect(told.reason).toContain('its process ended');
    // Told as soon as the claim is seen stale, not at the end of the minute.
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});
