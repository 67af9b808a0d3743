import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/protocol/document.js';
import { runShow } from '../../src/cli/show-command.js';
import { runStatus, type DebateStatus } from '../../src/cli/status-command.js';
import type { ClaimRecord } from '../../src/session/claims/claim-role.js';
import { claimPath, statePaths } from '../../src/session/state-paths.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';
import { fixtures } from '../ledger/ledger-fixtures.js';
import { deadPid, useLiveHolders } from '../session/processes.js';

const host = os.hostname();
const now = Date.parse('2026-11-22T10:10:00.000Z');
const liveHolder = useLiveHolders();
let repo: GitRepo | null = null;
afterEach(async () => {
  await repo?.cleanup();
  repo = null;
});

interface Setup {
  files?: Record<string, string>;
  file?: string;
  sub?: string;
  claims?: ClaimRecord[];
}

async function status(setup: Setup, json = false): Promise<{ code: number; out: string }> {
  repo ??= await makeGitRepo({ 'README.md': 'x\n', 'src/x.ts': '', ...setup.files });
  const file = setup.file ?? 'reply.md';
  const paths = statePaths(path.join(repo.dir, '.git'), repo.dir, path.join(repo.dir, setup.sub ?? '', file));
  await mkdir(paths.claims, { recursive: true });
  for (const claim of setup.claims ?? []) await writeFile(claimPath(paths, claim.role), JSON.stringify(claim));
  let out = '';
  const code = await runStatus({ file, cwd: path.join(repo.dir, setup.sub ?? ''), json, write: (text) => (out += text), now: () => now });
  return { code, out };
}

const claim = (role: Role, pid: number, extra: Partial<ClaimRecord> = {}): ClaimRecord => ({
  role,
  pid,
  host,
  startedAt: '2026-11-22T10:00:00.000Z',
  agent: role === 'reviewer' ? 'claude' : 'codex',
  heartbeatAt: '2026-11-22T10:09:58.000Z',
  heartbeatMs: 5_000,
  ...extra,
});

/** A claim written by a code-debate from before heartbeats. */
function olderClaim(role: Role, pid: number): ClaimRecord {
  const { heartbeatAt: _, heartbeatMs: __, ...older } = claim(role, pid);
  return older;
}

describe('code-debate status', () => {
  it('with no debate file and nobody claiming, says so and exits 0', async () => {
    const { code, out } = await status({});
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'Debate     reply.md does not exist yet: no debate has started in it',
        "Round      none begun, the Reviewer's turn",
        'State      -',
        'Reviewer   absent · nobody holds the role',
        'Responder  absent · nobody holds the role',
        '',
      ].join('\n'),
    );
  });

  it('shows who holds each role, what each does, the round, whose turn and the convergence state', async () => {
    const reviewer = await liveHolder();
    const responder = await liveHolder();
    const { code, out } = await status({
      files: { 'reply.md': fixtures.ours },
      claims: [claim('reviewer', reviewer, { agentPid: 4350, agentStartedAt: '2026-11-22T10:04:00.000Z' }), claim('responder', responder)],
    });
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'Debate     reply.md · Code Debate: the diff against main',
        "Round      2, the Reviewer's turn",
        'State      CONVERGING after round 2',
        `Reviewer   thinking · pid ${reviewer} on ${host} · agent claude · heartbeat 2s ago · its agent has run for 6m (pid 4350)`,
        `Responder  waiting · pid ${responder} on ${host} · agent codex · heartbeat 2s ago · waiting for the Reviewer's turn`,
        '',
      ].join('\n'),
    );
  });

  it('says which holder is gone and why: a dead process, a silent one on another host', async () => {
    const dead = await deadPid();
    const { out } = await status({
      files: { 'reply.md': fixtures.ours },
      claims: [claim('reviewer', dead), claim('responder', 4343, { host: 'other-box', heartbeatAt: '2026-11-22T10:09:20.000Z' })],
    });
    expect(out.split('\n').slice(3)).toEqual([
      `Reviewer   gone · pid ${dead} on ${host} · agent claude · heartbeat 2s ago · its process ended: restart it with the same \`code-debate\` command, it takes its role back`,
      'Responder  gone · pid 4343 on other-box · agent codex · heartbeat 40s ago · no heartbeat for 40s: restart it with the same `code-debate` command, it takes its role back',
      '',
    ]);
  });

  it('prints one JSON object with --json, from a subfolder with --file', async () => {
    const responder = await liveHolder();
    const { code, out } = await status({ files: { 'docs/debate.md': fixtures.ours }, file: '../docs/debate.md', sub: 'src', claims: [olderClaim('responder', responder)] }, true);
    expect(code).toBe(0);
    const report = JSON.parse(out) as DebateStatus;
    expect(report).toEqual({
      version: 1,
      file: path.join('docs', 'debate.md'),
      exists: true,
      archived: false,
      title: 'Code Debate: the diff against main',
      problem: null,
      damage: null,
      round: 2,
      turn: 'reviewer',
      outcome: 'running',
      state: 'CONVERGING',
      stateRound: 2,
      roles: {
        reviewer: {
          state: 'absent',
          reason: 'nobody holds the role',
          pid: null,
          host: null,
          agent: null,
          startedAt: null,
          heartbeatAt: null,
          heartbeatAgeMs: null,
          agentPid: null,
          agentRunningMs: null,
          tokens: null,
          tokensPerSecond: null,
          steps: null,
        },
        responder: {
          state: 'waiting',
          reason: "waiting for the Reviewer's turn",
          pid: responder,
          host,
          agent: 'codex',
          startedAt: '2026-11-22T10:00:00.000Z',
          heartbeatAt: null,
          heartbeatAgeMs: null,
          agentPid: null,
          agentRunningMs: null,
          tokens: null,
          tokensPerSecond: null,
          steps: null,
        },
      },
    });
  });

  it('says the debate ended, and its outcome, once the CONSENSUS is written', async () => {
    const { code, out } = await status({ files: { 'reply.md': fixtures.seedDisagree } });
    expect(code).toBe(0);
    expect(out.split('\n').slice(1, 3)).toEqual(['Round      5, ended (## CONSENSUS, outcome disputed)', 'State      DIVERGENT after round 5']);
  });

  it('still shows the roles of a file that breaks the protocol, and exits 5', async () => {
    const { code, out } = await status({ files: { 'reply.md': '# Code Debate: x\n\n## Review\n\n1. a\n\n## Notes\n\nhi\n' } });
    expect(code).toBe(5);
    expect(out.split('\n')[0]).toMatch(/^Debate {5}reply\.md breaks the protocol: Cannot read the level-2 heading `Notes` at line 7.* \(line 7\)$/);
    expect(out.split('\n').slice(1)).toEqual([
      'Round      unknown: the file cannot be read as a debate',
      'State      -',
      'Reviewer   absent · nobody holds the role',
      'Responder  absent · nobody holds the role',
      '',
    ]);
  });

  it('says a file of random bytes is not a debate, and exits 5, rather than give the Reviewer the turn', async () => {
    const { code, out } = await status({ files: { 'reply.md': '\u0007\u00ff\u0010garbage\u001b[2J' } });
    expect(code).toBe(5);
    expect(out.split('\n').slice(0, 2)).toEqual([
      'Debate     reply.md breaks the protocol: it is not a debate (no `# Code Debate:` title and no section such as `## Review` in it)',
      'Round      unknown: the file cannot be read as a debate',
    ]);
  });

  it('refuses a path outside the work tree with exit 2', async () => {
    const { code, out } = await status({ file: '../elsewhere.md' });
    expect(code).toBe(2);
    expect(out).toMatch(/^code-debate status: .*outside the work tree/);
  });
});

describe('status and show agree', () => {
  it.each([
    ['in the middle of round 1: no state yet', '# Code Debate: HEAD\n\n## Review\n\n### 1. A\n**Severity:** high\n', null],
    ['after Response 1', `${fixtures.seedDisagree.slice(0, fixtures.seedDisagree.indexOf('## Reviewer Follow-up 1'))}`, 1],
    ['after a CONSENSUS that closed round 2', fixtures.looseHeadings, 2],
  ])('%s', async (_, text, round) => {
    const shown = await status({ files: { 'reply.md': text } }, true);
    const report = JSON.parse(shown.out) as DebateStatus;
    let showed = '';
    await runShow({
      file: 'reply.md',
      cwd: repo?.dir ?? '',
      format: 'json',
      output: null,
      blockOn: 'high',
      blockReproduced: 'regardless',
      env: {},
      write: (out) => (showed += out),
    });
    const ledger = JSON.parse(showed) as { state: string | null; convergence: Array<{ round: number; state: string }> };
    expect(report.stateRound).toBe(round);
    expect(report.state).toBe(ledger.state);
    expect(ledger.convergence.at(-1)?.round ?? null).toBe(round);
  });
});
