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

describe("the planted dataset's own tests", () => {
  it('fail on each change with a bug and pass before it, and pass on each clean change, as code-debate runs them', async () => {
    const dataset = await loadDataset(shippedDataset);
    const tested = dataset.cases.filter((evalCase) => evalCase.reproduction !== undefined);
    // JavaScript and Python cases of each kind a test can show without a toolchain the suite lacks, and the secrets of every language.
    expect(tested.map((evalCase) => evalCase.id).sort()).toEqual([
      'go-secret-webhook',
      'js-clean-cli-report',
      'js-off-by-one-chunk',
      'js-secret-payments-key',
      'js-sql-concat-search',
      'js-swallowed-error-config',
      'py-clean-dataclass',
      'py-off-by-one-average',
      'py-secret-database-url',
    ]);
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
