import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvalCase } from '../../src/eval/eval-case.js';
import { loadDataset } from '../../src/eval/load-dataset.js';
import { shippedDataset } from '../../src/eval/shipped-dataset.js';
import { maxReproductionOutputBytes } from '../../src/protocol/reproduction-modes.js';
import { runReproduction } from '../../src/session/run-reproduction.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const repos: GitRepo[] = [];
afterEach(async () => {
  await Promise.all(repos.splice(0).map((repo) => repo.cleanup()));
});

/** The case as a repository: `before/` committed, then `after/` committed over it; the two commits. */
async function caseRepo(evalCase: EvalCase): Promise<{ repo: GitRepo; base: string; head: string }> {
  const repo = await makeGitRepo();
  repos.push(repo);
  for (const [file, bytes] of evalCase.before) await repo.write(file, bytes.toString('utf8'));
  const base = await repo.commit('before');
  if (evalCase.before.size > 0) await repo.git('rm', '-rq', '.');
  for (const [file, bytes] of evalCase.after) await repo.write(file, bytes.toString('utf8'));
  const head = await repo.commit('after');
  return { repo, base, head };
}

/** Whether a program is on PATH (the tests run it in the sandbox, which sees the same PATH). */
function onPath(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// The dataset's 30 cases, each run at the head and often at the base; `go test` compiles and links
// each time (a few seconds on a busy machine), the rest start in well under one.
const allCasesMs = 30 * 2 * 10_000;

describe("the planted dataset's own tests", () => {
  it('fail on each change with a bug and pass before it, and pass on each clean change, as code-debate runs them', { timeout: allCasesMs }, async () => {
    const tools = ['node', 'python3', 'go', 'esbuild'];
    expect(
      tools.filter((tool) => !onPath(tool)),
      'the tests of the planted cases run with these: install Go and esbuild (Debian: golang-go esbuild), as .ci/run does',
    ).toEqual([]);
    const dataset = await loadDataset(shippedDataset);
    expect(dataset.cases).toHaveLength(30);
    // Every case has its test: JavaScript and Python run with node and python3, TypeScript bundled by esbuild first,
    // Go with `go test` (both from Debian, installed by .ci/run when missing); datasets/planted/README.md says why.
    const untested = dataset.cases.filter((evalCase) => evalCase.reproduction === undefined).map((evalCase) => evalCase.id);
    expect(untested).toEqual([]);
    const tested = dataset.cases;
    const results = [];
    for (const evalCase of tested) {
      const { repo, base, head } = await caseRepo(evalCase);
      const setup = { root: repo.dir, gitDir: path.join(repo.dir, '.git'), mode: 'sandboxed' as const, timeoutMs: 60_000, maxOutputBytes: maxReproductionOutputBytes };
      const reproduction = evalCase.reproduction;
      if (reproduction === undefined) continue;
      // Cited: where the bug is, as a point on it would cite it; a clean change's files.
      const cited = evalCase.expected.length > 0 ? evalCase.expected.map((finding) => finding.file) : [...evalCase.after.keys()];
      const result = await runReproduction(setup, { head, base, cited }, reproduction);
      results.push({ id: evalCase.id, verdict: result.verdict, why: result.why });
    }
    expect(results).toEqual(
      tested.map((evalCase) => ({ id: evalCase.id, verdict: evalCase.expected.length > 0 ? 'reproduced' : 'not-reproduced', why: expect.any(String) as unknown })),
    );
  });
});
