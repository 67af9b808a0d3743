import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { probeSandbox } from '../agents/bwrap-sandbox.js';
import { runSandboxed } from '../agents/run-sandboxed.js';
import { commitHasPath, exportCommit } from '../git/export-commit.js';
import { classifyReproduction, notRun, type Reproduction, type ReproductionMode, type ReproductionResult, type ReproductionRun } from '../protocol/reproduction.js';

export { maxReproductionOutputBytes } from '../protocol/reproduction.js';

/** Where and how a side runs reproductions: fixed for its session. */
export interface ReproductionSetup {
  /** The person's work tree, and the git directory that holds the agents' checkouts: neither is visible to the command. */
  root: string;
  gitDir: string;
  mode: ReproductionMode;
  timeoutMs: number;
  maxOutputBytes: number;
  /** The session's: an interrupt stops a command under way. */
  signal?: AbortSignal;
}

/** The change a reproduction runs against: its head (the commit the agents read) and its base, when it has one. */
export interface ReproductionTarget {
  head: string;
  base: string | null;
  /** The files the point cites: when none of them is at the base, the point is about new code and the base is not run. */
  cited: readonly string[];
}

/**
 * Runs a reproduction, never the agent: in a throw-away copy of the subject's head (the files of
 * the commit, no `.git`) with the reproduction's files added, under bubblewrap; then, when it
 * fails there, in a copy of the base. The copies are removed after. Without bubblewrap nothing runs
 * (unless the setting says `unsandboxed`), and the result says why.
 */
export async function runReproduction(setup: ReproductionSetup, target: ReproductionTarget, reproduction: Reproduction): Promise<ReproductionResult> {
  if (setup.mode === 'off') return notRun('reproductions are turned off (`reproductions`: off)');
  const sandboxed = setup.mode === 'sandboxed';
  if (sandboxed) {
    const probe = await probeSandbox();
    if (!probe.ok) return notRun(`${probe.reason}, and reproductions run only in its sandbox (set \`reproductions\` to unsandboxed only in a throw-away container)`);
  }
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'code-debate-reproduction-'));
  try {
    const head = await runAt(setup, scratch, 'head', target.head, reproduction, sandboxed);
    if (head.stopped !== null || head.exitCode === 0) return classifyReproduction(head, null);
    const newCode = target.base === null || (target.cited.length > 0 && !(await anyAt(setup.root, target.base, target.cited)));
    if (newCode || target.base === null) return classifyReproduction(head, null);
    return classifyReproduction(head, await runAt(setup, scratch, 'base', target.base, reproduction, sandboxed));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function anyAt(root: string, commit: string, files: readonly string[]): Promise<boolean> {
  for (const file of files) if (await commitHasPath(root, commit, file)) return true;
  return false;
}

async function runAt(setup: ReproductionSetup, scratch: string, name: string, commit: string, reproduction: Reproduction, sandboxed: boolean): Promise<ReproductionRun> {
  const dir = path.join(scratch, name);
  await mkdir(dir);
  try {
    await exportCommit(setup.root, commit, dir);
    await addFiles(dir, reproduction);
  } catch (error) {
    return { commit, exitCode: null, stopped: `the copy could not be made: ${(error as Error).message}`, tail: '' };
  }
  const hide = sandboxed ? hiddenFolders(setup) : [];
  const outcome = await runSandboxed({
    dir,
    command: reproduction.command,
    hide,
    reveal: sandboxed ? toolchainsAtHome() : [],
    timeoutMs: setup.timeoutMs,
    maxOutputBytes: setup.maxOutputBytes,
    sandboxed,
    ...(setup.signal === undefined ? {} : { signal: setup.signal }),
  });
  return { commit, ...outcome };
}

/** The work tree, the git directory (the agents' checkouts are in it) and the home folder (keys, tokens, other repositories). */
function hiddenFolders(setup: ReproductionSetup): string[] {
  const home = os.homedir();
  return [setup.root, setup.gitDir, ...(home === '' || home === '/' ? [] : [home])];
}

/**
 * The folders of the home folder that hold the toolchains a test needs (`~/.nvm`, `~/.pyenv`,
 * `~/.cargo`, `~/go`): the first folder under home of each PATH entry there, and of node itself,
 * read-only; the rest of the home folder stays hidden.
 */
function toolchainsAtHome(): string[] {
  const home = os.homedir();
  if (home === '' || home === '/') return [];
  const entries = [...(process.env.PATH ?? '').split(path.delimiter), path.dirname(process.execPath)];
  const tops = entries
    .filter((entry) => path.isAbsolute(entry) && entry.startsWith(home + path.sep))
    .map((entry) => path.join(home, path.relative(home, entry).split(path.sep)[0] ?? ''))
    .filter((top) => top !== home && existsSync(top));
  return [...new Set(tops)];
}

/** Writes the reproduction's files into the copy; a path through a symbolic link of the commit's is refused, since it could lead outside. */
async function addFiles(dir: string, reproduction: Reproduction): Promise<void> {
  for (const file of reproduction.files) {
    const parts = file.path.split('/');
    let at = dir;
    for (const part of parts) {
      at = path.join(at, part);
      const stat = await lstat(at).catch(() => null);
      if (stat?.isSymbolicLink()) throw new Error(`\`${file.path}\` goes through the symbolic link \`${path.relative(dir, at)}\` of the commit`);
    }
    await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await writeFile(path.join(dir, file.path), file.content);
  }
}
