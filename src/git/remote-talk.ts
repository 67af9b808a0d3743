import { GitError } from '../errors.js';
import { classifyRemoteFailure, RemoteError } from './remote-error.js';
import { runGitProcess, type GitProcessResult } from './run-git.js';

/** A git command that talks to a remote is stopped after this long: a remote that hangs is an unreachable one. */
export const remoteTimeoutMs = 30_000;

/** Runs one git command that talks to `remote`: the only place that does, so every request to a remote passes here. */
export async function talk(cwd: string, remote: string, args: readonly string[]): Promise<GitProcessResult> {
  try {
    return await runGitProcess(cwd, args, { timeoutMs: remoteTimeoutMs });
  } catch (error) {
    // A remote that hangs is one that cannot be reached; a git that cannot start stays a GitError (exit 6).
    if (!(error instanceof GitError) || !/did not finish within/.test(error.message)) throw error;
    throw new RemoteError(`Cannot reach the remote \`${remote}\`: ${error.message}`, 'unreachable', { cause: error });
  }
}

/** The last few lines git printed, on one line: what a message quotes. */
export function lastLines(text: string): string {
  return text.trim().split('\n').filter((line) => line.trim() !== '').slice(-4).join(' | ');
}

export function failure(remote: string, what: string, result: GitProcessResult): RemoteError {
  const said = lastLines(result.stderr) || `git exited with code ${result.exitCode}`;
  return new RemoteError(`Cannot ${what} on the remote \`${remote}\`: ${said}`, classifyRemoteFailure(said), { cause: result });
}
