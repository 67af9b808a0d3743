import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Agent, TurnRequest } from '../../src/agents/agent.js';
import type { SectionKind } from '../../src/protocol/document.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { debateLoop } from '../../src/session/debate-loop.js';
import { watchFile } from '../../src/watch/watch-file.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';
import { sideContext, type SideUnderTest } from '../helpers/side-context.js';

/** An agent in this process that answers each kind of section with its text, and keeps the requests. */
function answering(answers: Partial<Record<SectionKind, string>>): Agent & { requests: TurnRequest[] } {
  const requests: TurnRequest[] = [];
  return {
    name: 'in-process',
    requests,
    async writeTurn(request) {
      requests.push(request);
      await request.ready?.();
      const answer = answers[request.turn];
      if (answer === undefined) throw new Error(`no answer for ${request.turn}`);
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

describe('debateLoop', () => {
  it('runs two sides in one process to the CONSENSUS: each writes only its own turns, in order', async () => {
    const repo = await makeGitRepo({ 'src/app.js': 'export const value = 1;\n' });
    repos.push(repo);
    await repo.write('src/app.js', 'export const value = input.value;\n');
    await repo.commit('Read the input');
    const reviewerAgent = answering({
      review: '### R1. Missing null check\n**Severity:** medium\n**Evidence:** `src/app.js:1`\n\n`input` may be null here.\n',
      consensus: 'Both sides agree: check `input` first.\n',
    });
    const responderAgent = answering({ response: '### R1. Missing null check\n**Agreed**: `input` is checked before it is read.\n' });
    const reviewer = await sideContext(repo, reviewerAgent, { role: 'reviewer' });
    sides.push(reviewer);
    const responder = await sideContext(repo, responderAgent, { role: 'responder' });
    sides.push(responder);
    // The safety net only bounds a missed event; the sides wake on the file's events.
    const options = { pollMs: null, safetyNetMs: 1_000 };
    const [reviewerWatch, responderWatch] = await Promise.all([watchFile(reviewer.file, options), watchFile(responder.file, options)]);

    try {
      const [reviewed, responded] = await Promise.all([debateLoop(reviewer.context, reviewerWatch), debateLoop(responder.context, responderWatch)]);
      expect(reviewed.outcome).toBe('consensus');
      expect(responded.outcome).toBe('consensus');
    } finally {
      await Promise.all([reviewerWatch.close(), responderWatch.close()]);
    }

    const parsed = parseDocument(await readFile(reviewer.file, 'utf8'));
    if (!parsed.ok) throw parsed.error;
    expect(parsed.document.sections.map((section) => section.heading)).toEqual(['Review', 'Response 1', 'CONSENSUS']);
    expect(reviewerAgent.requests.map((request) => request.turn)).toEqual(['review', 'consensus']);
    expect(responderAgent.requests.map((request) => request.turn)).toEqual(['response']);
    // The Responder was asked on the Review as written: the document it was given ends with it.
    expect(responderAgent.requests[0]?.document.sections.map((section) => section.heading)).toEqual(['Review']);
    const written = (side: SideUnderTest) => side.events.flatMap((event) => (event.type === 'turn-written' ? [event.heading] : []));
    expect(written(reviewer)).toEqual(['Review', 'CONSENSUS']);
    expect(written(responder)).toEqual(['Response 1']);
  });
});
