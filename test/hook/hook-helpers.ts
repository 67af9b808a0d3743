import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { makeGitRepo, runGit, type GitRepo } from '../helpers/git-repo.js';

/** The stand-in for code-debate: records argv and stdin in $FAKE_CODE_DEBATE_LOG, exits with $FAKE_CODE_DEBATE_EXIT. */
export const fakeCodeDebatePath = fileURLToPath(new URL('fixtures/fake-code-debate.mjs', import.meta.url));

export const zeroSha = '0'.repeat(40);

export interface PushSetup {
  repo: GitRepo;
  /** The bare repository `origin` points at, by its path. */
  remote: string;
  /** Where the fake code-debate writes one JSON line per run. */
  log: string;
  /** A private directory for the test's own files (PATH shims, other logs). */
  scratch: string;
}

/** A repository with one commit on `main` and a bare `origin` next to it, nothing pushed yet. */
export async function makePushSetup(): Promise<PushSetup> {
  const repo = await makeGitRepo({ 'a.txt': 'a\n' });
  const parent = path.dirname(repo.dir);
  const remote = path.join(parent, 'remote.git');
  await runGit(parent, 'init', '-q', '--bare', remote);
  await repo.git('remote', 'add', 'origin', remote);
  const scratch = path.join(parent, 'scratch');
  await mkdir(scratch);
  return { repo, remote, log: path.join(scratch, 'code-debate.log'), scratch };
}

export interface PushOutcome {
  exitCode: number;
  /** What git and the hooks printed, stdout and stderr interleaved. */
  output: string;
}

/** `git push ...args` in `cwd` as a user would run it, with `env` added; never rejects. */
export async function push(cwd: string, args: readonly string[], env: Record<string, string | undefined> = {}): Promise<PushOutcome> {
  const result = await execa('git', ['push', ...args], {
    cwd,
    reject: false,
    all: true,
    // The machine's git config and a hook manager's switches stay out, as in the other git helpers.
    env: { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, GIT_DIR: undefined, GIT_WORK_TREE: undefined, HUSKY: undefined, LEFTHOOK: undefined, ...env },
    extendEnv: true,
  });
  return { exitCode: result.exitCode ?? -1, output: result.all };
}

/** The environment that makes the fake record into `log` and exit with `exit`. */
export function fakeEnv(log: string, exit = 0): Record<string, string> {
  return { FAKE_CODE_DEBATE_LOG: log, FAKE_CODE_DEBATE_EXIT: String(exit) };
}

export interface FakeCall {
  argv: string[];
  stdin: string;
}

/** Every run of the fake, oldest first; none when it never ran. */
export async function readCalls(log: string): Promise<FakeCall[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FakeCall);
}

/** A directory holding an executable `code-debate` that runs the fake, to put first on PATH. */
export async function makeCodeDebateOnPath(scratch: string): Promise<string> {
  const bin = path.join(scratch, 'bin');
  await mkdir(bin, { recursive: true });
  const shim = path.join(bin, 'code-debate');
  await writeFile(shim, `#!/bin/sh\nexec '${process.execPath}' '${fakeCodeDebatePath}' "$@"\n`);
  await chmod(shim, 0o755);
  return bin;
}

/** The line git writes on a pre-push hook's stdin for pushing `branch` at `sha` to a new remote branch. */
export function newBranchLine(branch: string, sha: string): string {
  return `refs/heads/${branch} ${sha} refs/heads/${branch} ${zeroSha}\n`;
}
