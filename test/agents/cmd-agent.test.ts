import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TurnRequest } from '../../src/agents/agent.js';
import { createCmdAgent } from '../../src/agents/cmd-agent.js';
import { signalGroup } from '../../src/agents/kill-process-group.js';
import { AgentError, ConfigError } from '../../src/errors.js';
import { describeDuration } from '../../src/format-duration.js';
import { scriptedAgentPath } from '../helpers/run-cli.js';
import { startDeadlineMs } from '../helpers/start-deadline.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { turnRequest as baseTurnRequest } from '../helpers/turn-request.js';
import { waitFor } from '../helpers/wait-for.js';
import { isGone } from '../session/processes.js';

const spawningAgentPath = fileURLToPath(new URL('fixtures/spawning-agent.mjs', import.meta.url));

const groups: number[] = [];
afterEach(() => {
  // A failed test must not leave an agent running.
  for (const pid of groups.splice(0)) signalGroup(pid, 'SIGKILL');
});
const parentDir = useTempDir('cmd');

/** A temp directory whose path has a space in it, so every path in a command needs quoting. */
async function tempDir(): Promise<string> {
  const dir = path.join(await parentDir(), 'my dir');
  await mkdir(dir);
  return dir;
}

function turnRequest(cwd: string, overrides: Partial<TurnRequest> = {}): TurnRequest {
  return baseTurnRequest(cwd, { onProcess: (pid) => groups.push(pid), ...overrides });
}

/** The scripted agent with `script`, its command line quoted like a shell user would. */
async function scripted(script: unknown) {
  const dir = await tempDir();
  const scriptFile = path.join(dir, 'script.json');
  const log = path.join(dir, 'log.jsonl');
  await writeFile(scriptFile, JSON.stringify(script));
  const spec = `${process.execPath} '${scriptedAgentPath}' --script "${scriptFile}" --log ${log.replaceAll(' ', '\\ ')}`;
  const readLog = async () =>
    (await readFile(log, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { pid: number; argv: string[]; env: Record<string, string>; stdin: string; cwd: string });
  return { dir, spec, scriptFile, log, readLog, agent: createCmdAgent(spec) };
}

/** The spawning agent; `pids()` resolves once it and its child both run. */
async function spawning(flag: '' | '--ignore-term' | '--stubborn-child' | '--answer-and-exit' | '--answer-leaving-daemon' = '') {
  const dir = await tempDir();
  const pidsFile = path.join(dir, 'pids.json');
  const spec = `${process.execPath} "${spawningAgentPath}" "${pidsFile}" ${flag}`.trimEnd();
  const pids = async () => {
    const text = await waitFor(() => readFile(pidsFile, 'utf8').catch(() => null), 'the agent and its child to start');
    const both = JSON.parse(text) as { agent: number; child: number };
    groups.push(both.agent);
    return both;
  };
  return { dir, spec, pids, agent: createCmdAgent(spec) };
}

/** The spawning agent run past its deadline: the turn's error, and the pids of the agent and the child it started before it. */
async function pastDeadline(flag: '' | '--ignore-term' | '--stubborn-child' = '') {
  const { dir, spec, pids, agent } = await spawning(flag);
  // The agent must have started its child before the deadline, however busy the machine is.
  const timeoutMs = await startDeadlineMs(2_000);
  const turn = agent.writeTurn(turnRequest(dir, { timeoutMs })).then(
    () => null,
    (error: unknown) => error,
  );
  const { agent: agentPid, child } = await pids();
  return { spec, timeoutMs, error: await turn, agentPid, child };
}

const inheritedDebateEnv = () => Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('CODE_DEBATE_')));

describe('createCmdAgent', () => {
  it('takes the answer of an agent that exited while a child it left holds its stdout, and stops that child', async () => {
    const { dir, pids, agent } = await spawning('--answer-and-exit');
    // Ten minutes: a turn that waited for the child to let go of stdout would outlast the test.
    const answer = await agent.writeTurn(turnRequest(dir, { timeoutMs: 600_000 }));
    expect(answer).toBe('### R1. Debug output left in\n**Agreed**: it goes.');
    const { child } = await pids();
    await waitFor(() => isGone(child), 'the child the agent left behind to be stopped');
  });

  it('stops whatever the agent started once its turn is over, a child that holds nothing of it too', async () => {
    const { dir, pids, agent } = await spawning('--answer-leaving-daemon');
    const answer = await agent.writeTurn(turnRequest(dir));
    expect(answer).toBe('### R1. Debug output left in\n**Agreed**: it goes.');
    const { child } = await pids();
    // Stopped before the turn returned: no wait is needed to see it gone.
    expect(isGone(child)).toBe(true);
  });

  it('gives the prompt on stdin, the turn in CODE_DEBATE_* variables, and returns stdout', async () => {
    const { dir, scriptFile, log, readLog, agent } = await scripted({ response: 'My answer.\n\n- R1: **Agreed**\n' });
    const told: number[] = [];
    const request = turnRequest(dir, { role: 'responder', turn: 'response', round: 2, onProcess: (pid) => told.push(pid) });
    // Signed with the program only: arguments may hold a key.
    expect(agent.name).toBe(`cmd:${path.basename(process.execPath)}`);
    expect(await agent.writeTurn(request)).toBe('My answer.\n\n- R1: **Agreed**');
    const entries = await readLog();
    expect(entries).toEqual([
      {
        pid: told[0],
        argv: ['--script', scriptFile, '--log', log],
        env: {
          ...inheritedDebateEnv(),
          CODE_DEBATE_ROLE: 'responder',
          CODE_DEBATE_TURN: 'response',
          CODE_DEBATE_ROUND: '2',
          CODE_DEBATE_FILE: path.join(dir, 'reply.md'),
          CODE_DEBATE_SUBJECT: 'the diff against main',
        },
        stdin: 'Review this change.\nIt has two lines.',
        cwd: dir,
      },
    ]);
  });

  it('refuses `cmd:` without a program', () => {
    expect(() => createCmdAgent('  ')).toThrow(new ConfigError('Cannot run the agent `cmd:`: expected a program after `cmd:`, e.g. `cmd:./my-agent --fast`.'));
  });

  it('fails with the exit code and the last 12 lines of stderr when the agent exits non-zero', async () => {
    const stderr = Array.from({ length: 15 }, (_, i) => `line ${i + 1}`).join('\n');
    const { dir, spec, agent } = await scripted({ review: { stdout: 'half a review', stderr: `${stderr}\n\n`, exit: 3 } });
    const error: unknown = await agent.writeTurn(turnRequest(dir)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).message).toBe(
      `Agent \`cmd:${spec}\` failed to write review 1: it exited with code 3.\nThe end of its stderr:\n` + Array.from({ length: 12 }, (_, i) => `  | line ${i + 4}`).join('\n'),
    );
    expect((error as AgentError).cause).toMatchObject({ exitCode: 3, stdout: 'half a review' });
  });

  it('says so when a failing agent printed nothing on stderr', async () => {
    const { dir, spec, agent } = await scripted({ review: { stdout: '', exit: 1 } });
    await expect(agent.writeTurn(turnRequest(dir))).rejects.toThrow(
      new AgentError(`Agent \`cmd:${spec}\` failed to write review 1: it exited with code 1. It printed nothing on stderr.`, 'crashed'),
    );
  });

  it('fails when the agent prints nothing but whitespace on stdout', async () => {
    const { dir, spec, agent } = await scripted({ 'follow-up': { stdout: ' \n\n', stderr: 'thinking...\n' } });
    await expect(agent.writeTurn(turnRequest(dir, { turn: 'follow-up', round: 1 }))).rejects.toThrow(
      new AgentError(
        `Agent \`cmd:${spec}\` failed to write follow-up 1: it printed nothing on stdout, and a turn needs the section's text.\n` + 'The end of its stderr:\n  | thinking...',
        'empty-output',
      ),
    );
  });

  it('never runs a program the repository under review supplies through a relative PATH entry', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'bin'));
    await writeFile(path.join(dir, 'bin', 'planted-agent'), '#!/bin/sh\necho PWNED\n', { mode: 0o755 });
    vi.stubEnv('PATH', `bin${path.delimiter}${process.env.PATH ?? ''}`);
    try {
      const error: unknown = await createCmdAgent('planted-agent')
        .writeTurn(turnRequest(dir))
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'not-installed' });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('fails clearly when the program does not exist', async () => {
    const dir = await tempDir();
    const agent = createCmdAgent(`"${path.join(dir, 'no-such-agent')}" --fast`);
    const error: unknown = await agent.writeTurn(turnRequest(dir)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as Error).message).toMatch(
      /^Agent `cmd:".*no-such-agent" --fast` failed to write review 1: `.*no-such-agent` is not installed or not on PATH\. Install it, or choose another --agent\.$/s,
    );
    expect((error as AgentError).kind).toBe('not-installed');
  });

  it('stops the agent and every process it started when it runs past timeoutMs', async () => {
    const { spec, timeoutMs, error, agentPid, child } = await pastDeadline();
    expect(error).toBeInstanceOf(AgentError);
    expect((error as Error).message).toBe(
      `Agent \`cmd:${spec}\` failed to write review 1: it did not finish within ${describeDuration(timeoutMs)} (--agent-timeout), so it was stopped.\n` +
        'The end of its stderr:\n  | started a child',
    );
    await waitFor(() => isGone(agentPid) && isGone(child), `agent ${agentPid} and its child ${child} to be gone`, 5_000);
  });

  it('kills an agent that ignores SIGTERM, and its child, after the grace period', async () => {
    const { timeoutMs, error, agentPid, child } = await pastDeadline('--ignore-term');
    expect(error).toMatchObject({ name: 'AgentError', message: expect.stringContaining(`did not finish within ${describeDuration(timeoutMs)}`) });
    await waitFor(() => isGone(agentPid) && isGone(child), `agent ${agentPid} and its child ${child} to be gone`, 5_000);
  });

  it('names the whole --agent-timeout when a retry had only what was left of it', async () => {
    const { dir, agent } = await spawning();
    // Not waiting for it to start: a busy machine may stop it first, and the message is the same.
    const turn = agent.writeTurn(turnRequest(dir, { timeoutMs: 1_000, limitMs: 60_000 })).then(
      () => null,
      (error: unknown) => error,
    );
    expect(await turn).toMatchObject({ name: 'AgentError', message: expect.stringMatching(/did not finish within 1 minute \(--agent-timeout\)/) });
  });

  it('has stopped a child that ignores SIGTERM by the time the turn fails, so nothing outlives the process', async () => {
    const { timeoutMs, error, agentPid, child } = await pastDeadline('--stubborn-child');
    expect(error).toMatchObject({ name: 'AgentError', message: expect.stringContaining(`did not finish within ${describeDuration(timeoutMs)}`) });
    // Well under the 2 s grace: the kill must not still be pending in the background.
    await waitFor(() => isGone(agentPid) && isGone(child), `agent ${agentPid} and its child ${child} to be gone`, 500);
  });

  it('stops the agent and its child when the signal aborts', async () => {
    const { dir, spec, pids, agent } = await spawning();
    const controller = new AbortController();
    const turn = agent.writeTurn(turnRequest(dir, { signal: controller.signal }));
    turn.catch(() => undefined);
    const { agent: agentPid, child } = await pids();
    controller.abort();
    await expect(turn).rejects.toThrow(new AgentError(`Agent \`cmd:${spec}\` failed to write review 1: the turn was interrupted.`, 'interrupted'));
    await waitFor(() => isGone(agentPid) && isGone(child), `agent ${agentPid} and its child ${child} to be gone`, 5_000);
  });

  it('does not let an agent run a turn that was interrupted before it started', async () => {
    const { dir, spec, agent } = await spawning();
    const controller = new AbortController();
    controller.abort();
    const started = Date.now();
    await expect(agent.writeTurn(turnRequest(dir, { signal: controller.signal }))).rejects.toThrow(
      new AgentError(`Agent \`cmd:${spec}\` failed to write review 1: the turn was interrupted.`, 'interrupted'),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lets the agent finish under a timeout longer than a timer can hold (--agent-timeout 1000h)', async () => {
    const { dir, agent } = await scripted({ review: 'A review.' });
    expect(await agent.writeTurn(turnRequest(dir, { timeoutMs: 1_000 * 3_600_000 }))).toBe('A review.');
  });
});
