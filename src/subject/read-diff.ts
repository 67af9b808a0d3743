import { buildPathspecs } from '../git/build-pathspecs.js';
import type { DiffPlan } from './diff-plan.js';
import { readUntrackedDiff } from '../git/read-untracked-diff.js';
import type { GitRunner } from '../git/run-git.js';

// The same output whatever the user's config: no external diff tool, no color, `a/` and `b/`
// prefixes, renames found, a submodule as its commits.
const diffOptions = ['--no-ext-diff', '--no-color', '--src-prefix=a/', '--dst-prefix=b/', '-M', '--submodule=short'];

/** Runs the planned `git diff` (plus untracked files for the working tree) without `exclude`: the whole diff, as text. */
export async function readDiff(git: GitRunner, plan: DiffPlan, exclude: readonly string[]): Promise<string> {
  const pathspecs = buildPathspecs(exclude, plan.paths);
  const diff = await git.run(['diff', ...diffOptions, ...plan.compare, '--', ...pathspecs]);
  if (!plan.withUntracked) return diff;
  const untracked = await readUntrackedDiff(git, pathspecs);
  return diff + untracked.diff;
}

/** Whether the planned diff (untracked files included for the working tree) changes any file but `exclude`: git's answer, without reading the diff. */
export async function hasChange(git: GitRunner, plan: DiffPlan, exclude: readonly string[]): Promise<boolean> {
  const pathspecs = buildPathspecs(exclude, plan.paths);
  const changed = await git.run(['diff', '--no-ext-diff', '--name-only', '-z', ...plan.compare, '--', ...pathspecs]);
  if (changed !== '') return true;
  if (!plan.withUntracked) return false;
  const untracked = await git.run(['ls-files', '--others', '--exclude-standard', '-z', '--', ...pathspecs]);
  // A nested repository is listed as `dir/`, and left out of the diff as git diff leaves out its content.
  return untracked.split('\0').some((file) => file !== '' && !file.endsWith('/'));
}
