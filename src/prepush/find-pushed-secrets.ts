import { readAddedLines } from '../git/read-added-lines.js';
import type { GitRunner } from '../git/run-git.js';
import { scanSecrets } from './scan-secrets.js';

export interface PushedSecret {
  sha: string;
  subject: string;
  /** A root commit has no parent to rebase onto. */
  root: boolean;
  path: string;
  line: number;
  kind: string;
  masked: string | null;
}

/**
 * The secrets each pushed commit adds, oldest commit first: each commit's own lines, whatever a
 * later commit does to them, since the remote keeps every commit of the push.
 */
export async function findPushedSecrets(git: GitRunner, commits: readonly string[]): Promise<PushedSecret[]> {
  const found: PushedSecret[] = [];
  for (const commit of await readAddedLines(git, commits)) {
    for (const file of commit.files) {
      for (const hit of await scanSecrets(file.path, file.lines)) {
        found.push({ sha: commit.sha, subject: commit.subject, root: commit.parents.length === 0, path: file.path, ...hit });
      }
    }
  }
  return found;
}
