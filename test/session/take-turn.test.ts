import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Agent, TurnRequest } from '../../src/agents/agent.js';
import { AgentError } from '../../src/errors.js';
import type { WriteAction } from '../../src/protocol/decide-action.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { decideTurn } from '../../src/session/decide-turn.js';
import { readDebateFile } from '../../src/session/read-debate-file.js';
import { trackSubject } from '../../src/session/subject-tracker.js';
import { takeTurn } from '../../src/session/take-turn.js';
import { sectionUsage } from '../../src/session/turn-spend.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';
import { sideContext, type SideUnderTest } from '../helpers/side-context.js';

const review = '### R1. Missing null check\n**Severity:** medium\n**Evidence:** `src/app.js:1`\n\n`input` may be null here.\n';
// A severity the protocol does not know: the answer goes back to the agent with what was wrong.
const badReview = '### R1. Missing null check\n**Severity:** dreadful\n**Evidence:** `src/app.js:1`\n\n`input` may be null here.\n';

/**
 * An agent in this process: it answers the Nth call with the Nth of `answers` (the last repeats),
 * throwing an answer that is an Error, and keeps every request it was given. `during` runs inside
 * a call, before it answers (a peer that writes meanwhile, an early start that waits to be stopped).
 */
function inProcessAgent(answers: readonly (string | Error)[], during?: (request: TurnRequest, call: number) => Promise<void>): Agent & { requests: TurnRequest[] } {
  const requests: TurnRequest[] = [];
  return {
    name: 'in-process',
    requests,
    async writeTurn(request) {
      requests.push(request);
      const call = requests.length - 1;
      await request.ready?.();
      await during?.(request, call);
      const answer = answers[Math.min(call, answers.length - 1)] as string | Error;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

const repos: GitRepo[] = [];
const sides: SideUnderTest[] = [];
afterEach(async () => {
  await Promise.all(sides.splice(0).map((side) => side.release()));
  await Promise.all(repos.splice(0).map((repo) => repo.cleanup()));
});

/** A repository whose last commit makes `src/app.js` read a value that may be null: the subject `HEAD`. */
async function changedRepo(): Promise<GitRepo> {
  const repo = await makeGitRepo({ 'src/app.js': 'export const value = 1;\n' });
  repos.push(repo);
  await repo.write('src/app.js', 'export const value = input.value;\n');
  await repo.commit('Read the input');
  return repo;
}

/**
 * The side's first turn, decided on the file as it is now and taken. `waited`: the side waited
 * for its peer first, as debateLoop does, so the subject is resolved again for the turn.
 */
async function firstTurn(side: SideUnderTest, options: { waited?: boolean } = {}) {
  const state = await readDebateFile(side.file);
  const parsed = side.context.reader.parse(state.text, state.growth);
  if (!parsed.ok) throw parsed.error;
  const action = decideTurn(side.context, parsed.document);
  expect(action).toMatchObject({ type: 'write', turn: 'review' });
  const subjects = trackSubject(side.context);
  if (options.waited === true) subjects.waited();
  return takeTurn(side.context, action as WriteAction, state, parsed.document, subjects);
}

/** The kinds, numbers and signatures of the file's sections, as a fresh parse reads them. */
async function sectionsOf(file: string) {
  const parsed = parseDocument(await readFile(file, 'utf8'));
  if (!parsed.ok) throw parsed.error;
  return parsed.document.sections.map((section) => ({ heading: section.heading, kind: section.kind }));
}

describe('takeTurn', () => {
  it('asks the agent once on the subject, appends its Review under the header, reads it back and says so', async () => {
    const repo = await changedRepo();
    const agent = inProcessAgent([review]);
    const side = await sideContext(repo, agent);
    sides.push(side);

    const result = await firstTurn(side);

    expect(result.written).toBe(true);
    expect(agent.requests).toHaveLength(1);
    const [request] = agent.requests;
    expect(request).toMatchObject({ role: 'reviewer', turn: 'review', round: 1, cwd: repo.dir, file: side.file });
    expect(request?.prompt).toContain('input.value');
    expect(request?.subject.head).toBe(await repo.git('rev-parse', 'HEAD'));
    expect(await sectionsOf(side.file)).toEqual([{ heading: 'Review', kind: 'review' }]);
    const text = await readFile(side.file, 'utf8');
    expect(text).toContain('### R1. Missing null check');
    expect(text).toContain('*— Reviewer · in-process · ');
    // The file now waits for the peer: the same side decides to wait.
    const after = side.context.reader.parse(text);
    if (!after.ok) throw after.error;
    expect(decideTurn(side.context, after.document).type).toBe('wait');
    expect(side.events.map((event) => event.type)).toEqual(['turn-started', 'agent-finished', 'turn-written']);
  });

  it('sends an unusable answer back with what was wrong, and writes the one that will do', async () => {
    const repo = await changedRepo();
    const agent = inProcessAgent([badReview, review]);
    const side = await sideContext(repo, agent);
    sides.push(side);

    const result = await firstTurn(side);

    expect(result.written).toBe(true);
    expect(agent.requests).toHaveLength(2);
    const reasked = side.events.find((event) => event.type === 'agent-reasked');
    expect(reasked).toMatchObject({ heading: 'Review', attempt: 2, of: 3 });
    expect(reasked?.type === 'agent-reasked' && reasked.problems.join(' ')).toContain('R1 has no severity that can be read');
    expect(agent.requests[1]?.prompt).toContain('Your previous answer could not be used as `## Review`');
    expect(await readFile(side.file, 'utf8')).not.toContain('dreadful');
  });

  it('gives up after three unusable answers, writing nothing', async () => {
    const repo = await changedRepo();
    const agent = inProcessAgent([badReview]);
    const side = await sideContext(repo, agent);
    sides.push(side);

    const failed = await firstTurn(side).catch((error: unknown) => error);

    expect(failed).toBeInstanceOf(AgentError);
    expect((failed as AgentError).message).toContain('could not write a usable `## Review` in 3 tries');
    expect(agent.requests).toHaveLength(3);
    expect((await readDebateFile(side.file)).text).toBe('');
    expect(side.events.map((event) => event.type)).toEqual(['turn-started', 'agent-reasked', 'agent-reasked']);
  });

  it('carries what a failed turn spent into the next section it writes, then forgets it', async () => {
    const repo = await changedRepo();
    const spent = { inputTokens: 100, outputTokens: 10, cachedInputTokens: null, costUsd: null };
    // Every call reports what it spent: three unusable answers, then (a restarted side) one that will do.
    const reporting = (answers: string[]) => inProcessAgent(answers, async (request) => request.onUsage?.(spent));
    const failing = await sideContext(repo, reporting([badReview]));
    await expect(firstTurn(failing)).rejects.toThrow('could not write a usable `## Review` in 3 tries');
    await failing.release();
    const side = await sideContext(repo, reporting([review]));
    sides.push(side);

    await firstTurn(side);

    const carried = { inputTokens: 400, outputTokens: 40, cachedInputTokens: null, costUsd: null };
    expect(await readFile(side.file, 'utf8')).toContain(`<!-- code-debate usage ${JSON.stringify(carried)} -->`);
    // Carried once: the next turn of this side starts from nothing unwritten.
    expect(await sectionUsage(side.context, null)).toEqual({ usage: null, carried: false });
  });

  it('retries once a failure another try may cure, and says why', async () => {
    const repo = await changedRepo();
    const agent = inProcessAgent([new AgentError('the agent crashed (exit 3)', 'crashed'), review]);
    const side = await sideContext(repo, agent);
    sides.push(side);

    const result = await firstTurn(side);

    expect(result.written).toBe(true);
    expect(agent.requests).toHaveLength(2);
    expect(side.events.find((event) => event.type === 'agent-retry')).toMatchObject({ heading: 'Review', reason: 'the agent crashed (exit 3)' });
  });

  it("does not retry a failure no try cures: the error is the agent's own", async () => {
    const repo = await changedRepo();
    const agent = inProcessAgent([new AgentError('the agent is not logged in', 'auth'), review]);
    const side = await sideContext(repo, agent);
    sides.push(side);

    const failed = await firstTurn(side).catch((error: unknown) => error);

    expect((failed as AgentError).message).toBe('the agent is not logged in');
    expect(agent.requests).toHaveLength(1);
    expect((await readDebateFile(side.file)).text).toBe('');
  });

  it('writes nothing when the peer wrote while the agent worked and the turn no longer stands', async () => {
    const repo = await changedRepo();
    // Another Reviewer (a person in an editor) writes the Review while this side's agent works on it.
    const agent = inProcessAgent([review], () => writeFile(side.file, '## Review\n\nNothing to add.\n\n---\n*— reviewer (a person)*\n'));
    const side = await sideContext(repo, agent);
    sides.push(side);

    const result = await firstTurn(side);

    expect(result).toEqual({ written: false });
    expect(side.events.find((event) => event.type === 'turn-discarded')).toMatchObject({ heading: 'Review' });
    expect(await readFile(side.file, 'utf8')).toBe('## Review\n\nNothing to add.\n\n---\n*— reviewer (a person)*\n');
  });
});

describe('the early start (askAhead)', () => {
  it('stops the agent started on the subject as last resolved when the subject moved, and asks it again on the new one', async () => {
    const repo = await changedRepo();
    // The early call waits to be stopped; the second answers.
    const agent = inProcessAgent([review], async (request, call) => {
      if (call > 0) return;
      await new Promise<void>((resolve) => {
        if (request.signal.aborted) resolve();
        request.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      throw new AgentError('stopped', 'crashed');
    });
    const side = await sideContext(repo, agent);
    sides.push(side);
    // The author commits a fix after the side resolved its subject.
    await repo.write('src/app.js', 'export const value = input?.value;\n');
    const moved = await repo.commit('Check the input');

    const result = await firstTurn(side, { waited: true });

    expect(result.written).toBe(true);
    // The early call, if the agent was called before it was stopped, was stopped; the fresh one stood.
    expect(agent.requests.slice(0, -1).map((request) => request.signal.aborted)).toEqual(agent.requests.slice(0, -1).map(() => true));
    expect(agent.requests.at(-1)?.signal.aborted).toBe(false);
    expect(agent.requests.at(-1)?.subject.head).toBe(moved);
    expect(agent.requests.at(-1)?.prompt).toContain('input?.value');
    expect(side.events.find((event) => event.type === 'warning')).toMatchObject({ message: expect.stringContaining('the subject moved while the peer wrote its turn') });
  });

  it('keeps the early start when the subject did not move: the agent is asked once', async () => {
    const repo = await changedRepo();
    const agent = inProcessAgent([review]);
    const side = await sideContext(repo, agent);
    sides.push(side);

    await firstTurn(side, { waited: true });

    expect(agent.requests).toHaveLength(1);
    expect(side.events.filter((event) => event.type === 'warning')).toEqual([]);
  });
});
