import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { type DebateRepo, useDebateRepos } from '../helpers/e2e.js';
import { startInPty } from '../helpers/pty.js';
import { binPath, seedPeerPath, start } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// An interactive session (a shell script running `turn` and `submit`, as an agent CLI's session
// does) against the other kinds of side: a person in their editor, and a plain peer that follows
// the protocol by hand (no claim, free Markdown, md5sum polling).
const repos = useDebateRepos();
const sessionShell = fileURLToPath(new URL('../fixtures/peers/session-shell.sh', import.meta.url));
const editorPath = fileURLToPath(new URL('../agents/human/fixtures/fake-editor.mjs', import.meta.url));
const plainPeerEnv = { PEER_POLL: '0.05', PEER_STANCE: 'agree', PEER_TIMEOUT: '60' };

/** The sections code-debate wrote for the session are signed by it as `session`; the file parses. */
function expectSessionSigned(text: string, role: 'Reviewer' | 'Responder'): void {
  expect(parseDocument(text).ok).toBe(true);
  expect(text).toContain(`*— ${role} · session · `);
}

/**
 * A person as `role`, in a terminal, whose editor writes each of `writes` in turn (one a draft);
 * the editor logs each draft it was given at `editorLog`.
 */
async function startPerson(repo: DebateRepo, role: 'reviewer' | 'responder', writes: readonly string[]) {
  const dir = path.dirname(repo.dir);
  const script = path.join(dir, `${path.basename(repo.dir)}-editor.json`);
  const editorLog = path.join(dir, `${path.basename(repo.dir)}-editor.jsonl`);
  await writeFile(script, JSON.stringify(writes.map((write) => ({ write }))));
  const person = startInPty(['--agent', 'human', '--role', role, 'HEAD'], {
    cwd: repo.dir,
    columns: 160,
    env: { VISUAL: `'${process.execPath}' '${editorPath}' --script '${script}' --log '${editorLog}'` },
  });
  return { person, editorLog };
}

describe('an interactive session against a person or a plain peer', () => {
  it('as the Reviewer, against a plain peer as the Responder: to CONSENSUS', async () => {
    const repo = await repos.repo();
    const log = `${repo.dir}-session.log`;
    const session = start('bash', [sessionShell, binPath, log, 'HEAD'], { cwd: repo.dir, env: { SESSION_AGREE: '1' } });
    await waitFor(async () => (await readFile(log, 'utf8').catch(() => '')).includes('submit 0 Review'), "the session's Review");
    const peer = start('bash', [seedPeerPath], { cwd: repo.dir, env: plainPeerEnv });
    const [ours, theirs] = await Promise.all([session.exited, peer.exited]);
    expect(ours.code, ours.stderr + (await readFile(log, 'utf8'))).toBe(0);
    expect(theirs.code, theirs.stderr).toBe(0);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expectSessionSigned(text, 'Reviewer');
    expect(ours.stdout).toContain('The debate ended.');
  });

  it('as the Responder, against a plain peer as the Reviewer: to CONSENSUS', async () => {
    const repo = await repos.repo();
    const log = `${repo.dir}-session.log`;
    const peer = start('bash', [seedPeerPath], { cwd: repo.dir, env: plainPeerEnv });
    await waitFor(() => repo.readReply().catch(() => ''), 'the plain peer to write its Review');
    const session = start('bash', [sessionShell, binPath, log, '--role', 'responder'], { cwd: repo.dir, env: { SESSION_AGREE: '1' } });
    const [ours, theirs] = await Promise.all([session.exited, peer.exited]);
    expect(ours.code, ours.stderr + (await readFile(log, 'utf8'))).toBe(0);
    expect(theirs.code, theirs.stderr).toBe(0);
    const text = await repo.readReply();
    expect(headingsOf(text).at(-1)).toBe('## CONSENSUS');
    expect(headingsOf(text)[1]).toBe('## Response 1');
    expectSessionSigned(text, 'Responder');
    expect(ours.stdout).toContain('The debate ended.');
  });

  it('as the Responder, against a person writing the Review and the CONSENSUS in their editor', async () => {
    const repo = await repos.repo();
    const review = '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nRemove the log.\n';
    const { person } = await startPerson(repo, 'reviewer', [review, 'The log goes, as both sides agree.\n']);
    await waitFor(async () => (await repo.readReply().catch(() => '')).includes('## Review'), "the person's Review");
    const log = `${repo.dir}-session.log`;
    const session = start('bash', [sessionShell, binPath, log, '--role', 'responder'], { cwd: repo.dir, env: { SESSION_AGREE: '1' } });
    // A session that failed leaves the person's side waiting: it is stopped, and the failure told.
    void session.exited.then((exit) => exit.code !== 0 && person.child.kill());
    const [ours, theirs] = await Promise.all([session.exited, person.exited]);
    expect(ours.code, ours.stderr + (await readFile(log, 'utf8'))).toBe(0);
    expect(theirs.code, theirs.stdout).toBe(0);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expectSessionSigned(text, 'Responder');
    expect(text).toContain('*— Reviewer · human · ');
    expect(text).toContain('The log goes, as both sides agree.');
    expect(text).toMatch(/^### R1 — Agreed$/m);
  });

  it('as the Reviewer, against a person answering as the Responder in their editor', async () => {
    const repo = await repos.repo();
    // The session starts first and takes the Reviewer; the person's side starts once it has.
    const log = `${repo.dir}-session.log`;
    const session = start('bash', [sessionShell, binPath, log, '--role', 'reviewer', 'HEAD'], { cwd: repo.dir });
    await waitFor(() => readFile(log, 'utf8').catch(() => ''), "the session's first turn");
    const { person, editorLog } = await startPerson(repo, 'responder', ['### R1 — Agreed\n\nThe log at `src/app.js:2` goes.\n']);
    // A session that failed leaves the person's side waiting: it is stopped, and the failure told.
    void session.exited.then((exit) => exit.code !== 0 && person.child.kill());
    const [ours, theirs] = await Promise.all([session.exited, person.exited]);
    expect(ours.code, ours.stderr + (await readFile(log, 'utf8'))).toBe(0);
    expect(theirs.code, theirs.stdout).toBe(0);
    const text = await repo.readReply();
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expectSessionSigned(text, 'Reviewer');
    expect(text).toContain('*— Responder · human · ');
    expect(text).toMatch(/^### R1 — Agreed$/m);
    // The person's draft was the Response to the session's point, with its title.
    const drafts = (await readFile(editorLog, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { draft: string });
    expect(drafts[0]?.draft).toContain('Debug output left in');
  });
});
