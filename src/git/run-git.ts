import { GitError as SimpleGitError, simpleGit, type SimpleGit } from 'simple-git';
import { GitError } from '../errors.js';

/** Runs git in one directory. With runGitProcess below and make-demo-repo.ts (the demo's repository, through simple-git), this file is where code-debate spawns git. */
export interface GitRunner {
  /** The directory git runs in. */
  readonly cwd: string;
  /** git's stdout; a `GitError` when git fails. */
  run(args: readonly string[]): Promise<string>;
  /** git's stdout, or null when git ran and exited with a non-zero code. */
  tryRun(args: readonly string[]): Promise<string | null>;
  /** The raw bytes of the blob `id` (full or abbreviated hex), or null when the repository has none. */
  tryReadBlob(id: string): Promise<Buffer | null>;
}

/**
 * git ran and exited with a non-zero code, as opposed to git not starting at all. It extends
 * simple-git's error because simple-git turns any other error into a string.
 */
class GitExitError extends SimpleGitError {
  constructor(
    readonly exitCode: number,
    stderr: string,
  ) {
    super(undefined, stderr.trim() || `git exited with code ${exitCode}`);
  }
}

// Keeps file names readable (`ü` rather than `\303\274`) in the diff the agents read.
const config = ['core.quotePath=false'];

function createSimpleGit(cwd: string): SimpleGit {
  try {
    return simpleGit({
      baseDir: cwd,
      config,
      // simple-git fails a task only when git also wrote to stderr; a quiet non-zero exit fails too.
      // Codes outside 1-255 mean git never ran or was stopped (spawn error, abort, signal).
      errors: (error, { exitCode, stdErr }) => (exitCode >= 1 && exitCode <= 255 ? new GitExitError(exitCode, Buffer.concat(stdErr).toString('utf8')) : error),
    });
  } catch (error) {
    throw new GitError(`Cannot run git in \`${cwd}\`, expected an existing directory. Check the path.`, {
      cause: error,
    });
  }
}

/** What git itself wrote to stderr when it exited with an error, if `error` comes from that. */
export function readGitMessage(error: unknown): string | null {
  return error instanceof GitError && error.cause instanceof GitExitError ? error.cause.message : null;
}

function toGitError(args: readonly string[], cwd: string, error: unknown): GitError {
  const detail = error instanceof Error ? error.message.trim() : String(error);
  return new GitError(`Cannot run \`git ${args.join(' ')}\` in ${cwd}: ${detail}`, { cause: error });
}

export function openGit(cwd: string): GitRunner {
  const git = createSimpleGit(cwd);
  return {
    cwd,
    async run(args) {
      try {
        return await git.raw([...args]);
      } catch (error) {
        throw toGitError(args, cwd, error);
      }
    },
    async tryRun(args) {
      try {
        return await git.raw([...args]);
      } catch (error) {
        if (error instanceof GitExitError) return null;
        throw toGitError(args, cwd, error);
      }
    },
    async tryReadBlob(id) {
      if (!/^[0-9a-f]{4,64}$/.test(id)) throw new Error(`Cannot read the blob \`${id}\`, expected a hex object id.`);
      const args = ['cat-file', 'blob', id];
      try {
        // `raw` decodes stdout as UTF-8; `binaryCatFile` keeps the bytes (simple-git types them `any`).
        const bytes: unknown = await git.binaryCatFile(args.slice(1));
        if (Buffer.isBuffer(bytes)) return bytes;
        throw new Error(`Cannot read the blob \`${id}\`, expected bytes from simple-git, got ${typeof bytes}.`);
      } catch (error) {
        if (error instanceof GitExitError) return null;
        throw toGitError(args, cwd, error);
      }
    },
  };
}

export interface GitProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs git for what simple-git cannot carry: bytes on stdin, a deadline, and a failed exit read
 * rather than thrown (a rejected push says why on stdout and stderr), variables such as
 * GIT_INDEX_FILE added to the environment. For talking to a remote:
 * git never prompts (there is no terminal to answer), and its messages are in English, to be read.
 * A git that could not start, or was stopped at the deadline, is a GitError.
 */
export async function runGitProcess(
  cwd: string,
  args: readonly string[],
  options: { input?: Buffer | string; timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<GitProcessResult> {
  const { execa } = await import('execa');
  const result = await execa('git', ['-c', 'core.quotePath=false', ...args], {
    cwd,
    reject: false,
    stripFinalNewline: false,
    encoding: 'utf8',
    env: { ...options.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', LANGUAGE: 'C' },
    ...(options.input === undefined ? { stdin: 'ignore' as const } : { input: options.input }),
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
  });
  if (result.timedOut) throw new GitError(`\`git ${args.join(' ')}\` did not finish within ${options.timeoutMs} ms in ${cwd}, so it was stopped.`, { cause: result });
  if (result.exitCode === undefined) {
    throw new GitError(`Cannot run \`git ${args.join(' ')}\` in ${cwd}: ${result.shortMessage}`, { cause: result });
  }
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}
