import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { binPath, start, startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const sessionShell = fileURLToPath(new URL('../fixtures/peers/session-shell.sh', import.meta.url));

/** Every section of `text` as code-debate writes it: the file parses, each section signed by its role with the agent that wrote it. */
function expectCanonical(text: string, agents: Record<'reviewer' | 'responder', string>): void {
  const parsed = parseDocument(text);
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  for (const section of parsed.document.sections) {
    const signature = section.signature;
    expect(signature, `## ${section.heading} is signed`).not.toBeNull();
    if (signature === null) continue;
    const writer = section.kind === 'response' ? 'responder' : 'reviewer';
    expect(signature.role.toLowerCase()).toBe(writer);
    // A section code-debate wrote alone (a Response with nothing left to answer) is signed as its own.
    expect([agents[writer], 'code-debate']).toContain(signature.agent);
  }
}

describe('an interactive session played by a shell script (turn and submit) against a headless builtin side', () => {
  const repos = useDebateRepos();

  it('as the Reviewer: its Review and CONSENSUS written from validated data, an invalid answer refused first and fixed', async () => {
    const repo = await repos.repo();
    const log = `${repo.dir}-session.log`;
    const session = start('bash', [sessionShell, binPath, log, 'HEAD'], { cwd: repo.dir, env: { SESSION_INVALID_FIRST: '1' } });
    await waitFor(() => readFile(log, 'utf8').catch(() => ''), "the session's first turn");
    const builtin = startCli(['--agent', 'builtin', 'HEAD'], { cwd: repo.dir });
    const ours = await session.exited;
    // A session that failed leaves the builtin side waiting: it is stopped, and the failure told.
    if (ours.code !== 0) builtin.child.kill();
    const theirs = await builtin.exited;
    expect(ours.code, ours.stderr).toBe(0);
    expect([0, 1], theirs.stderr).toContain(theirs.code);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expectCanonical(text, { reviewer: 'session', responder: 'builtin' });
    expect(text).toContain('### R1. Debug output left in');
    expect(text).toContain('The change logs the name it greets');
    const steps = await readFile(log, 'utf8');
    // The invalid answer was refused (13) with the field named, nothing written; the fixed one went in.
    expect(steps).toContain('submit 13');
    expect(steps).toContain('summary: Invalid input: expected string, received number.');
    expect(steps).toContain('submit 0 Review');
    expect(steps).toContain('submit 0 CONSENSUS');
    expect(ours.stdout).toContain('The debate ended.');
  });

  it('as the Responder: it disagrees, then agrees after the Follow-up, to CONSENSUS', async () => {
    const repo = await repos.repo();
    const log = `${repo.dir}-session.log`;
    const builtin = startCli(['--agent', 'builtin', 'HEAD'], { cwd: repo.dir });
    await waitFor(() => builtin.output().stderr.includes('wrote ## Review'), "the builtin Reviewer's Review");
    const session = start('bash', [sessionShell, binPath, log, '--role', 'responder'], { cwd: repo.dir });
    const ours = await session.exited;
    // A session that failed leaves the builtin side waiting: it is stopped, and the failure told.
    if (ours.code !== 0) builtin.child.kill();
    const theirs = await builtin.exited;
    expect(ours.code, ours.stderr).toBe(0);
    expect([0, 1], theirs.stderr).toContain(theirs.code);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
    expectCanonical(text, { reviewer: 'builtin', responder: 'session' });
    expect(text).toContain('— Disagreed');
    expect(text).toContain('— Agreed');
  });

  it('holds the role between calls, refuses a submit out of turn saying whose turn it is, and releases the role after --session-timeout', async () => {
    const repo = await repos.repo();
    const cli = (args: string[]) => startCli(args, { cwd: repo.dir }).exited;
    const sessionOf = (stdout: string) => /\(session ([0-9a-f]+)\)/.exec(stdout)?.[1] ?? '';
    const reviewer = await cli(['turn', 'HEAD']);
    expect(reviewer.code, reviewer.stderr).toBe(10);
    expect(reviewer.stdout).toContain('It is your turn: write `## Review` of reply.md.');
    // Another session cannot take the role while the first one's lease holds.
    const intruder = await cli(['turn', '--role', 'reviewer', 'HEAD']);
    expect(intruder.code).toBe(2);
    expect(intruder.stderr).toContain(`an interactive session (\`--session ${sessionOf(reviewer.stdout)}\``);
    // The Responder's session, with a short lease, then stops calling.
    const lease = 2_000;
    const responder = await cli(['turn', '--role', 'responder', '--wait', '1s', '--session-timeout', `${lease / 1000}s`, 'HEAD']);
    expect(responder.code, responder.stderr).toBe(11);
    expect(responder.stdout).toContain("It is still the Reviewer's turn");
    const answer = `${repo.dir}-answer.json`;
    await writeFile(answer, '{"summary": "", "answers": [], "newPoints": []}');
    const refused = await cli(['submit', '--session', sessionOf(responder.stdout), '--answer', answer]);
    expect(refused.code).toBe(12);
    expect(refused.stdout).toContain("Not written: it is the Reviewer's turn, not the Responder's.");
    const status = async () => JSON.parse((await cli(['status', '--json'])).stdout) as { roles: Record<string, { state: string; reason: string }> };
    const held = await status();
    expect(held.roles.reviewer?.state).toBe('writing');
    expect(held.roles.reviewer?.reason).toContain('its session is writing its turn');
    // Past the lease with no call, the session is gone and its role free to take.
    await waitFor(async () => (await status()).roles.responder?.state === 'gone', 'the silent session to be gone', lease + 10_000);
    const next = await cli(['turn', '--role', 'responder', '--wait', '1s', 'HEAD']);
    expect(next.code, next.stderr).toBe(11);
    expect(sessionOf(next.stdout)).not.toBe(sessionOf(responder.stdout));
  });
});
