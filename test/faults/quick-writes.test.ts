import { execFile } from 'node:child_process';
import { appendFile, copyFile, constants, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { startCli, type Exit, type Running, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { gatedAgent } from './gated-agent.js';

const repos = useDebateRepos();
const run = promisify(execFile);

/**
 * Both ways of noticing a change: native events, and polling the stat (whose ctime no rewrite can
 * set back). The checksum read every 2 s that backs both is turned off, so a missed change leaves
 * the Reviewer waiting and the case fails (checked: with only chokidar's `change` events, or a
 * poller that compares sizes, the same-size rewrite is never seen). A section written in two goes
 * is read whole because an unsigned section must hold still before it is read (wait-for-change.ts).
 */
const modes = [
  ['native events', []],
  ['--poll 100', ['--poll', '100']],
] as const;

/** A Reviewer (its Review written) waiting for a Responder that the test plays by hand, as a plain protocol peer. */
async function waitingReviewer(extra: readonly string[]): Promise<{ repo: DebateRepo; reviewer: Running }> {
  const repo = await repos.repo();
  const agent = await gatedAgent(repo);
  const reviewer = startCli(['--agent', agent.spec, ...extra, 'HEAD'], { cwd: repo.dir, env: { CODE_DEBATE_FAULT: 'safety-ticks=none' } });
  repos.onCleanup(async () => {
    reviewer.child.kill('SIGTERM');
    await reviewer.exited;
  });
  await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
  return { repo, reviewer };
}

/** The Reviewer's exit, which only the way under test can bring about: no checksum tick looks again. */
async function exitSeenBy(reviewer: Running, mode: string): Promise<Exit> {
  await waitFor(() => reviewer.child.exitCode !== null || reviewer.child.signalCode !== null, `the Reviewer to see the final state by ${mode} alone`, 15_000);
  return reviewer.exited;
}

const heading = '\n---\n\n## Response 1\n\n### R1. Debug output left in\n';
const agreed = '**Agreed**: it goes.\n';

describe('changes in quick succession (case 6)', () => {
  for (const [mode, extra] of modes) {
    it(`${mode}: a Response written in two writes 30 ms apart is read whole, as one turn`, async () => {
      const { repo, reviewer } = await waitingReviewer(extra);
      await appendFile(repo.file, heading);
      // The pause is the fault under test: a peer that writes its section in two goes.
      await delay(30);
      await appendFile(repo.file, agreed);
      const exit = await exitSeenBy(reviewer, mode);
      expect(exit.code, exit.stderr).toBe(0);
      // Read half-written, R1 would have had no answer and the Reviewer would have followed up.
      expectEndedWhole(await repo.readReply(), 'consensus: every point is resolved after 1 round.');
      expect(exit.stderr).not.toContain('not a turn');
    });

    it(`${mode}: a same-size rewrite with the old mtime restored is seen, and its final state processed`, async () => {
      const { repo, reviewer } = await waitingReviewer(extra);
      // A peer that keeps room at the end of the file (blank to every reader) and then writes into it.
      const section = heading + agreed;
      await appendFile(repo.file, ' '.repeat(section.length) + '\n');
      await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('not a turn, still waiting'), 'the padding to be seen');
      const before = await stat(repo.file, { bigint: true });
      // `touch -r` copies the time to the nanosecond, which utimes() from JavaScript cannot.
      const reference = path.join(repo.dir, '..', 'mtime-reference');
      await copyFile(repo.file, reference, constants.COPYFILE_EXCL);
      await run('touch', ['-r', repo.file, reference]);
      const offset = Number(before.size) - section.length - 1;
      const handle = await open(repo.file, 'r+');
      await handle.write(section.replace('**Agreed**: it goes.', '**Disagreed**: no!!'), offset);
      await handle.write(section, offset);
      await handle.close();
      await run('touch', ['-r', reference, repo.file]);
      const after = await stat(repo.file, { bigint: true });
      expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs]);
      const exit = await exitSeenBy(reviewer, mode);
      expect(exit.code, exit.stderr).toBe(0);
      expectEndedWhole(await repo.readReply(), 'consensus: every point is resolved after 1 round.');
    });
  }
});
