import { randomBytes } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { startCli, type Running } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { gatedAgent } from './gated-agent.js';

// A side waits for the debate file to be restored; a side started afterwards must not go on from
// what is left: it refuses with the waiting side's words and restore command, before it claims.
const repos = useDebateRepos();

function side(repo: DebateRepo, args: string[]): Running {
  const running = startCli([...args, 'HEAD'], { cwd: repo.dir });
  repos.onCleanup(async () => {
    running.child.kill('SIGTERM');
    await running.exited;
  });
  return running;
}

/** The waiting side's report of the damage, from the file's name to the restore and keep commands, as it printed it. */
function damageReport(running: Running): string | undefined {
  return /(reply\.md changed, and not by appending: .*? and the debate goes on from there)\. Waiting up to/.exec(running.output().stderr)?.[1];
}

interface Status {
  problem: string | null;
  turn: string | null;
  damage: { role: string; restore: string; keep: string | null } | null;
  roles: Record<string, { state: string; reason: string }>;
}

async function damagedWhileTheReviewerWaits(repo: DebateRepo, damage: (text: string) => string) {
  const agent = await gatedAgent(repo);
  const reviewer = side(repo, ['--agent', agent.spec]);
  await waitFor(() => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
  const whole = await readFile(repo.file);
  await writeFile(repo.file, damage(whole.toString('utf8')));
  const report = await waitFor(() => damageReport(reviewer), 'the Reviewer to report the damage');
  return { agent, reviewer, whole, report };
}

describe('a side started on a file another side found damaged', () => {
  it('reply.md cut to half while the Reviewer waits: a Responder refuses with the same words and restore command; status agrees; restored, the debate goes on', async () => {
    const repo = await repos.repo();
    const { agent, reviewer, whole, report } = await damagedWhileTheReviewerWaits(repo, (text) => text.slice(0, Math.floor(text.length / 2)));
    const left = await readFile(repo.file);

    const responder = await side(repo, ['--agent', agent.spec]).exited;
    expect(responder.code, responder.stderr).toBe(5);
    expect(responder.stderr).toMatch(
      new RegExp(
        `^code-debate: ${escape(report)}\\. The Reviewer found it at \\d\\d:\\d\\d:\\d\\d, and waits for it to be restored: no side goes on from it until then\\.\\nThe file was left as it is\\.\\n$`,
      ),
    );
    expect((await readFile(repo.file)).equals(left)).toBe(true);
    expect(await agent.calls()).toEqual(['review']);

    const status = await startCli(['status', '--json'], { cwd: repo.dir }).exited;
    expect(status.code).toBe(5);
    const json = JSON.parse(status.stdout) as Status;
    expect(json.problem).toBe(report);
    expect(json.turn).toBeNull();
    expect(json.damage?.role).toBe('reviewer');
    expect(json.roles.reviewer).toMatchObject({ state: 'waiting', reason: 'waiting for reply.md to be restored or kept' });
    const plain = await startCli(['status'], { cwd: repo.dir }).exited;
    expect(plain.stdout).toContain(`Debate     ${report}\n`);
    expect(plain.stdout).toMatch(/Reviewer {3}waiting · pid \d+ .* · waiting for reply\.md to be restored or kept\n/);
    expect(plain.stdout).not.toContain('thinking');

    // The restore command both sides name puts the text back; the Reviewer goes on, and so does a new Responder.
    const copy = /^cp (\S+) reply\.md$/.exec(json.damage?.restore ?? '')?.[1] ?? '';
    expect((await readFile(copy)).equals(whole)).toBe(true);
    await copyFile(copy, repo.file);
    await waitFor(() => reviewer.output().stderr.includes('holds the debate as it was again'), 'the Reviewer to see the restore');
    const again = side(repo, ['--agent', agent.spec]);
    const [a, b] = await Promise.all([reviewer.exited, again.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expectEndedWhole(await repo.readReply());
    expect(await agent.calls()).toEqual(['review', 'response', 'consensus']);
  });

  it('the `## Review` line deleted: a Responder refuses at once, saying why, rather than waiting on the Reviewer; after the Reviewer gives up too', async () => {
    const repo = await repos.repo();
    const { agent, reviewer, report } = await damagedWhileTheReviewerWaits(repo, (text) => text.replace('## Review\n', ''));
    // Were it to wait on the Reviewer, it would wait ten minutes, past the test's own limit.
    const responder = await side(repo, ['--agent', agent.spec, '--turn-timeout', '10m']).exited;
    expect(responder.code, responder.stderr).toBe(5);
    expect(responder.stderr).toContain(`code-debate: ${report}. The Reviewer found it at `);

    // The Reviewer stopped, the record stays: a side started later still refuses, and says nobody waits.
    reviewer.child.kill('SIGTERM');
    await reviewer.exited;
    const later = await side(repo, ['--agent', agent.spec]).exited;
    expect(later.code).toBe(5);
    expect(later.stderr).toMatch(new RegExp(`^code-debate: ${escape(report)}\\. The Reviewer found it at \\d\\d:\\d\\d:\\d\\d: no side goes on from it until then\\.\\n`));
    expect(await agent.calls()).toEqual(['review']);

    // Keeping the edit is the other way on: the record no longer stands.
    const kept = await startCli(['keep-edit'], { cwd: repo.dir }).exited;
    expect(kept.code, kept.stdout).toBe(0);
    const status = JSON.parse((await startCli(['status', '--json'], { cwd: repo.dir }).exited).stdout) as Status;
    expect(status.damage).toBeNull();
  });
});

describe('a debate file of random bytes', () => {
  it('`show` exits 5 saying it is not a debate; a side refuses it (exit 2), naming another file than the one it refused', async () => {
    const repo = await repos.repo();
    const bytes = randomBytes(4096);
    await writeFile(repo.file, bytes);
    const shown = await startCli(['show'], { cwd: repo.dir }).exited;
    expect(shown.code).toBe(5);
    expect(shown.stdout).toBe(
      "code-debate show: Cannot read `reply.md` as a debate file: it is not one (no `# Code Debate:` title and no section such as `## Review` in it). Pass --file with the debate file's path.\n",
    );
    const refused = await startCli(['--agent', 'builtin', 'HEAD'], { cwd: repo.dir }).exited;
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'code-debate: Cannot use `reply.md` as the debate file: it exists and is not a debate (no `# Code Debate:` title and no section such as `## Review` in it). ' +
        'Nothing was written. Choose another file with --file, e.g. `debate.md`.\n',
    );
    expect(refused.stderr).not.toContain('--file reply.md');
    expect((await readFile(repo.file)).equals(bytes)).toBe(true);
  });
});

function escape(text: string | undefined): string {
  return (text ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
