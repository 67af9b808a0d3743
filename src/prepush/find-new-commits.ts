import type { GitRunner } from '../git/run-git.js';

export interface NewCommits {
  /** The commits the remote does not have, parents before children (oldest first). */
  commits: string[];
  /** Commits it has that are parents of new ones: where the new work starts. */
  boundaries: string[];
}

export interface RemoteScope {
  /** A configured remote: its remote-tracking refs are what it has; null: every remote's. */
  remote: string | null;
  /** More commits known to be on the remote, e.g. what the pushed ref points at there now. */
  known: readonly string[];
}

/**
 * The commits reachable from `head` that are on none of the remote-tracking refs of the remote
 * (nor reachable from `known`): `git rev-list <head> --not --remotes=<remote>`, with the
 * boundary. A stale remote-tracking ref only makes the set larger, never hides a commit.
 */
export async function findNewCommits(git: GitRunner, head: string, scope: RemoteScope): Promise<NewCommits> {
  const remotes = scope.remote === null ? '--remotes' : `--remotes=${scope.remote}`;
  const output = await git.run(['rev-list', '--topo-order', '--reverse', '--boundary', head, '--not', remotes, ...scope.known, '--']);
  const commits: string[] = [];
  const boundaries: string[] = [];
  for (const line of output.split('\n')) {
    const sha = line.trim();
    if (sha === '') continue;
    if (sha.startsWith('-')) boundaries.push(sha.slice(1));
    else commits.push(sha);
  }
  return { commits, boundaries };
}

/** The full sha of the commit `object` is or points at (an annotated tag is peeled); null when it names none here. */
export async function peelCommit(git: GitRunner, object: string): Promise<string | null> {
  const output = await git.tryRun(['rev-parse', '--verify', '--quiet', `${object}^{commit}`]);
  const sha = output?.trim() ?? '';
  return sha === '' ? null : sha;
}
