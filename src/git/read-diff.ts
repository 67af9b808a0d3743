import { buildPathspecs } from './build-pathspecs.js';
import type { DiffPlan } from './diff-plan.js';
import { readUntrackedDiff } from './read-untracked-diff.js';
import type { GitRunner } from './run-git.js';

// The same output whatever the user's config: no external diff tool, no color, `a/` and `b/` prefixes.
const diffOptions = ['--no-ext-diff', '--no-color', '--src-prefix=a/', '--dst-prefix=b/'];

/** Runs the planned `git diff` (plus untracked files for the working tree) without `exclude`. */
export async function readDiff(
  git: GitRunner,
  plan: DiffPlan,
  exclude: readonly string[],
): Promise<{ diff: string; files: string[] }> {
  const pathspecs = buildPathspecs(exclude);
  const diff = await git.run(['diff', ...diffOptions, ...plan.compare, '--', ...pathspecs]);
  const names = await git.run(['diff', '--no-ext-diff', '--no-color', '--name-only', '-z', ...plan.compare, '--', ...pathspecs]);
  const files = names.split('\0').filter((name) => name !== '');
  if (!plan.withUntracked) return { diff, files };
  const untracked = await readUntrackedDiff(git, pathspecs);
  return { diff: diff + untracked.diff, files: [...files, ...untracked.files] };
}
