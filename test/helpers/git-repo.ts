import { mkdir, mkdtemp, readdir, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';

export interface GitRepo {
  /** Real path of the work tree; its parent is a private temp directory, removed by `cleanup`. */
  dir: string;
  /** Runs git in `dir`; resolves to stdout without its final newline. */
  git(...args: string[]): Promise<string>;
  /** Writes a file, relative to `dir`, creating its directories. */
  write(file: string, content: string): Promise<void>;
  /** Stages everything and commits (empty commits allowed); resolves to the new full sha. */
  commit(message: string): Promise<string>;
  cleanup(): Promise<void>;
}

// Tests see neither the machine's git config nor a GIT_DIR inherited from a hook.
const env = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: os.devNull,
  GIT_DIR: undefined,
  GIT_WORK_TREE: undefined,
  GIT_INDEX_FILE: undefined,
};

/** Runs git in `cwd` the way the helpers do, for repositories a test makes by hand. */
export async function runGit(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await execa('git', args, { cwd, env, extendEnv: true });
  return stdout;
}

/**
 * A real repository in a fresh temp directory, on branch `main`. With `files`, they are written
 * and committed as `Initial commit`; without, the repository has no commit yet.
 */
export async function makeGitRepo(files?: Record<string, string>): Promise<GitRepo> {
  const parent = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-git-')));
  const dir = path.join(parent, 'repo');
  await mkdir(dir);
  const git = (...args: string[]): Promise<string> => runGit(dir, ...args);
  await git('-c', 'init.defaultBranch=main', 'init', '-q');
  await git('config', 'user.name', 'Test');
  await git('config', 'user.email', 'test@example.invalid');
  await git('config', 'commit.gpgsign', 'false');
  await git('config', 'init.defaultBranch', 'main');
  const write = async (file: string, content: string): Promise<void> => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  };
  const commit = async (message: string): Promise<string> => {
    await git('add', '-A');
    await git('commit', '-q', '--allow-empty', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  if (files !== undefined) {
    for (const [file, content] of Object.entries(files)) await write(file, content);
    await commit('Initial commit');
  }
  return { dir, git, write, commit, cleanup: () => rm(parent, { recursive: true, force: true }) };
}

/**
 * Dates what git's refs are read from (the files at the top of the git dir, the ref directories)
 * a minute back: a repository whose refs last moved before the test, whose ref stamps code-debate
 * trusts (src/git/ref-stamp.ts), where a fresh one's are seconds old and never trusted.
 */
export async function backdateRefs(gitDir: string): Promise<void> {
  const then = new Date(Date.now() - 60_000);
  const walk = async (dir: string): Promise<string[]> => {
    // A linked work tree's git dir may have no refs of its own.
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
    if (entries === null) return [];
    const nested = await Promise.all(entries.filter((entry) => entry.isDirectory()).map((entry) => walk(path.join(dir, entry.name))));
    return [dir, ...nested.flat()];
  };
  const top = (await readdir(gitDir, { withFileTypes: true })).filter((entry) => !entry.isDirectory()).map((entry) => path.join(gitDir, entry.name));
  for (const entry of [...top, ...(await walk(path.join(gitDir, 'refs')))]) await utimes(entry, then, then);
}
