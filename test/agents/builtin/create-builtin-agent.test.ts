import { afterEach, describe, expect, test } from 'vitest';
import type { TurnRequest } from '../../../src/agents/agent.js';
import { createBuiltinAgent } from '../../../src/agents/builtin/create-builtin-agent.js';
import { AgentError } from '../../../src/errors.js';
import { buildLedger } from '../../../src/ledger/build-ledger.js';
import { formatHeading } from '../../../src/protocol/classify-heading.js';
import { agentRound, decideAction } from '../../../src/protocol/decide-action.js';
import { parseDocument } from '../../../src/protocol/parse-document.js';
import { renderAppend, renderHeader } from '../../../src/protocol/render-section.js';
import { sanitizeAgentText } from '../../../src/protocol/sanitize-agent-text.js';
import { makeGitRepo, type GitRepo } from '../../helpers/git-repo.js';
import { parseOk } from '../../protocol/parse-ok.js';
import { makeRequest, readTurn, topHeadingLines } from './builtin-helpers.js';

const repos: GitRepo[] = [];
afterEach(async () => {
  await Promise.all(repos.splice(0).map((repo) => repo.cleanup()));
});

/**
 * Two builtin agents debate `diff` through one file, the way the session drives them, until
 * CONSENSUS: each answer but the CONSENSUS narrative is read as data against its turn's scope
 * and rendered by code-debate (see askAgent), which fails the debate on an answer it refuses.
 */
async function debate(diff: string, cwd: string): Promise<{ text: string; bodies: string[] }> {
  const agent = createBuiltinAgent();
  let text = renderHeader('the change', { v: 1, base: null, head: null, diff: null });
  const bodies: string[] = [];
  for (let turn = 0; turn < 20; turn++) {
    const parsed = parseDocument(text);
    if (!parsed.ok) throw parsed.error;
    const actions = (['reviewer', 'responder'] as const).map((role) => ({ role, action: decideAction(parsed.document, role, { maxRounds: 5 }) }));
    const next = actions.find(({ action }) => action.type === 'write');
    if (next === undefined || next.action.type !== 'write') break;
    const { turn: kind, number } = next.action;
    const request: TurnRequest = { ...makeRequest(kind, { diff, cwd, document: parsed.document, round: agentRound(next.action) }), role: next.role };
    const answer = await agent.writeTurn(request);
    const heading = formatHeading(kind, number);
    const body = sanitizeAgentText(kind === 'consensus' ? answer : readTurn(answer, request).body, heading);
    bodies.push(body);
    text += renderAppend(text, { kind, number, body, role: next.role, agent: agent.name, time: new Date(0) });
  }
  return { text, bodies };
}

const headings = (text: string) => text.split('\n').filter((line) => line.startsWith('## '));

async function featureRepo(extra: Record<string, string> = {}) {
  const repo = await makeGitRepo({ 'src/app.js': 'export function greet(name) {\n  return `hi ${name}`;\n}\n', ...extra });
  repos.push(repo);
  await repo.write('src/app.js', 'export function greet(name) {\n  console.log(name);\n  return `hi ${name}`;\n}\n');
  return { cwd: repo.dir, diff: await repo.git('diff') };
}

describe('createBuiltinAgent', () => {
  test('is named builtin', () => {
    expect(createBuiltinAgent().name).toBe('builtin');
  });

  test('two builtin agents agree in one round on a real git diff', async () => {
    const { cwd, diff } = await featureRepo();
    const { text, bodies } = await debate(diff, cwd);
    expect(headings(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(text).toContain('### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nLine 2 adds `console.log(name);`.');
    expect(text).toContain('### R1 — Agreed\n\n**Evidence:** `src/app.js:2`\n\nThe cited evidence checks out.');
    expect(text).toContain('After 1 round, of 2 points: 2 agreed, 0 withdrawn, 0 still disputed.');
    for (const body of bodies) expect(topHeadingLines(body)).toEqual([]);
  });

  test('converge through a follow-up when the responder argues a lower severity', async () => {
    const { cwd, diff } = await featureRepo({ 'test/greet.test.js': "import { greet } from '../src/app.js';\n" });
    const { text } = await debate(diff, cwd);
    expect(headings(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
    expect(text).toContain('### R2 — Accepted\n\n**Severity:** → low: existing tests import the changed modules\n\nThe response is right: the severity is lowered to low.');
    const ledger = buildLedger(parseOk(text));
    expect(ledger.points.find((point) => point.id === 'R2')).toMatchObject({ severity: 'low', status: 'resolved' });
  });

  test('writes the same text for the same input', async () => {
    const { cwd, diff } = await featureRepo();
    expect((await debate(diff, cwd)).text).toBe((await debate(diff, cwd)).text);
  });

  test('stops with an AgentError when the turn is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    const request = makeRequest('review', { diff: '', cwd: '.', signal: controller.signal });
    const failure = createBuiltinAgent().writeTurn(request);
    await expect(failure).rejects.toThrow(AgentError);
    await expect(failure).rejects.toMatchObject({ message: 'The built-in agent stopped its review turn: the turn was aborted.', cause: new Error('deadline') });
  });
});
