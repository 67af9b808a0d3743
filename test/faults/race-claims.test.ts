import { spawn } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { statePaths } from '../../src/session/state-paths.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { startCli, type Exit } from '../helpers/run-cli.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { raceGate } from './race-gate.js';

/** Pairs of processes that take a role at the same instant (the claim alone). */
const claimRaces = 200;
/** Pairs of whole code-debate processes that take a role at the same instant and debate to the end. */
const debateRaces = 8;
/** How many pairs race side by side: enough to keep two cores busy, no more. */
const claimBatch = 10;
const debateBatch = 4;
/** How long one batch may wait for its claims: each claim is a Node process starting on a busy machine. */
const claimWaitMs = 60_000;

const raceClaimPath = fileURLToPath(new URL('./fixtures/race-claim.mjs', import.meta.url));
const repos = useDebateRepos();
const tempDir = useTempDir('race');

/** Runs `race(index)` for every index below `count`, `batch` at a time. */
async function inBatches<T>(count: number, batch: number, race: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let first = 0; first < count; first += batch) {
    const indexes = Array.from({ length: Math.min(batch, count - first) }, (_, offset) => first + offset);
    results.push(...(await Promise.all(indexes.map(race))));
  }
  return results;
}

interface Claimer {
  pid: number;
  role(): string | undefined;
  /** Closes its stdin: it releases its claim and exits. */
  release(): Promise<number | null>;
}

/** test/faults/fixtures/race-claim.mjs for the repository at `root`, stopped at the claim gate. */
function startClaimer(root: string, env: Record<string, string>): Claimer {
  const child = spawn(process.execPath, [raceClaimPath, root, 'code-debate'], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  if (child.pid === undefined) throw new Error('race-claim.mjs did not start');
  return {
    pid: child.pid,
    role: () => (stdout.includes('\n') ? stdout.trim() : undefined),
    release() {
      child.stdin.end();
      return exited;
    },
  };
}

describe('two processes started at the same instant (case 1)', () => {
  it(
    `${claimRaces} times: exactly one Reviewer and one Responder each time, and both claims released`,
    async () => {
      const dir = await tempDir();
      const outcomes = await inBatches(claimRaces, claimBatch, async (index) => {
        const root = path.join(dir, `pair-${index}`);
        // The git directory the claims live under: code-debate never creates it (see makeStateDir).
        await mkdir(path.join(root, '.git'), { recursive: true });
        const gate = await raceGate(path.join(dir, `gate-${index}`));
        const pair = [startClaimer(root, gate.env), startClaimer(root, gate.env)];
        const pids = pair.map((claimer) => claimer.pid);
        await gate.open(pids);
        const roles = await Promise.all(pair.map((claimer) => waitFor(() => claimer.role(), `the claim of pid ${claimer.pid}`, claimWaitMs)));
        const spread = await gate.spread(pids);
        const codes = await Promise.all(pair.map((claimer) => claimer.release()));
        const left = await readdir(statePaths(path.join(root, '.git'), root, path.join(root, 'reply.md')).dir).catch(() => ['(no state directory)']);
        return { roles: roles.sort(), codes, left, spread };
      });
      expect(outcomes.map((outcome) => outcome.roles)).toEqual(Array(claimRaces).fill(['responder', 'reviewer']));
      expect(outcomes.map((outcome) => outcome.codes)).toEqual(Array(claimRaces).fill([0, 0]));
      expect(outcomes.map((outcome) => outcome.left)).toEqual(Array(claimRaces).fill([]));
      // The gate lets both through on one filesystem event: within a few milliseconds on a busy machine,
      // a fraction of one when idle. The bound is loose; it fails if the gate stops working, not on a slow CI.
      const spreads = outcomes.map((outcome) => outcome.spread).sort((a, b) => a - b);
      expect(spreads[Math.floor(spreads.length / 2)]).toBeLessThan(50);
      // Bound by the work: every batch may take as long as its own wait for the claims.
    },
    (claimRaces / claimBatch) * claimWaitMs,
  );

  it(
    `${debateRaces} times with code-debate itself: one Reviewer, one Responder, and each debate ends valid, every section once, its outcome stated`,
    async () => {
      const outcomes = await inBatches(debateRaces, debateBatch, async (index) => {
        const repo = await repos.repo();
        const gate = await raceGate(path.join(repo.dir, '..', `gate-${index}`));
        const pair = [0, 1].map(() => startCli(['--max-rounds', '1', 'HEAD'], { cwd: repo.dir, env: gate.env }));
        await gate.open(pair.map((process) => process.child.pid ?? -1));
        const exits: Exit[] = await Promise.all(pair.map((process) => process.exited));
        const text = await repo.readReply();
        return {
          codes: exits.map((exit) => exit.code),
          roles: exits.map((exit) => /I am the (Reviewer|Responder)/.exec(exit.stderr)?.[1] ?? exit.stderr).sort(),
          valid: parseDocument(text).ok,
          headings: headingsOf(text),
          outcome: /^\*\*Outcome:\*\* (.*)$/m.exec(text)?.[1],
        };
      });
      for (const outcome of outcomes) {
        expect(outcome).toEqual({
          codes: [0, 0],
          roles: ['Responder', 'Reviewer'],
          valid: true,
          headings: ['## Review', '## Response 1', '## CONSENSUS'],
          outcome: 'consensus: every point is resolved after 1 round.',
        });
      }
      // Bound by the work: each batch of whole one-round debates gets two minutes however busy the machine.
    },
    (debateRaces / debateBatch) * 120_000,
  );
});
