import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { excludeFromGit } from './exclude-from-git.js';
import { openGit } from './run-git.js';

export interface ChangeRepo {
  /** The files before the change (committed on `main`) and after it (committed on `change`, checked out). */
  before: ReadonlyMap<string, Buffer>;
  after: ReadonlyMap<string, Buffer>;
  /** The message of the change's commit. */
  message: string;
}

/** The branch the change is committed on, `main` holding the state before it. */
export const changeBranch = 'change';

/**
 * A new repository in `dir` (created; expected absent or empty) whose `main` holds `before` and
 * whose branch `change`, checked out, holds `after`: a change that `the diff against main`
 * names, as a pull request would. The debate file is excluded from git, as a debate's first turn
 * would do. No hook runs (the user's global
 * ones have no business in a throw-away repository): commits skip them, and nothing is checked out.
 */
export async function makeChangeRepo(dir: string, repo: ChangeRepo): Promise<void> {
  await mkdir(dir, { recursive: true });
  const git = openGit(dir);
  await git.run(['init', '-q', '--initial-branch=main']);
  for (const [key, value] of [
    ['user.name', 'code-debate eval'],
    ['user.email', 'eval@code-debate.invalid'],
    ['commit.gpgsign', 'false'],
  ]) {
    await git.run(['config', key as string, value as string]);
  }
  await writeTree(dir, repo.before);
  await git.run(['add', '-A']);
  await git.run(['commit', '-q', '--no-verify', '--allow-empty', '-m', 'The repository before the change']);
  // The branch is made and put in place without a checkout: the work tree already holds its start, and no checkout hook runs.
  await git.run(['branch', changeBranch]);
  await git.run(['symbolic-ref', 'HEAD', `refs/heads/${changeBranch}`]);
  for (const file of repo.before.keys()) if (!repo.after.has(file)) await rm(path.join(dir, file), { force: true });
  await writeTree(dir, repo.after);
  await git.run(['add', '-A']);
  await git.run(['commit', '-q', '--no-verify', '--allow-empty', '-m', repo.message]);
  await excludeFromGit(dir, 'reply.md');
}

async function writeTree(dir: string, files: ReadonlyMap<string, Buffer>): Promise<void> {
  for (const [file, bytes] of files) {
    const target = path.join(dir, file);
    // A path from a dataset stays inside the repository: `../x` or an absolute path is a broken case.
    if (path.relative(dir, target).startsWith('..') || path.isAbsolute(file)) throw new Error(`Cannot write \`${file}\` outside the repository ${dir}.`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
}
