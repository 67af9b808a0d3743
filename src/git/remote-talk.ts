import { GitError } from '../errors.js';
import { classifyRemoteFailure, RemoteError } from './remote-error.js';
import { runGitProcess, type GitProcessResult } from './run-git.js';

/** A git command that talks to a remote is stopped after this long: a remote that hangs is an unreachable one. */
export const remoteTimeoutMs = 30_000;

const listeners = new Set<(remote: string) => void>();

/** Calls `listener` at each request made to a remote from now on (a side counts them against its budget); returns what stops it. */
export function onRemoteTalk(listener: (remote: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs one git command that talks to `remote`: the only place that does, so every request to a remote passes here. */
export async function talk(cwd: string, remote: string, args: readonly string[]): Promise<GitProcessResult> {
  for (const listener of listeners) listener(remote);
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
  return text
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-4)
    .join(' | ');
}

export function failure(remote: string, what: string, result: GitProcessResult): RemoteError {
  const said = lastLines(result.stderr) || `git exited with code ${result.exitCode}`;
  return new RemoteError(`Cannot ${what} on the remote \`${remote}\`: ${said}`, classifyRemoteFailure(said), { cause: result });
}
