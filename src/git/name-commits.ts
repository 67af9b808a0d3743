import { runGitProcess } from './run-git.js';

/**
 * A span of commits as a person recognizes it: `1a2b3c4..5d6e7f8 (main..feature)`, each commit
 * by its short id and, where a branch points at it (else the nearest one it is on), that branch.
 * `base` null is the start of history; a commit git does not know is given by its short id.
 */
export async function nameCommits(root: string, base: string | null, head: string | null): Promise<string> {
  const name = async (commit: string | null): Promise<{ id: string; branch: string | null }> => {
    if (commit === null) return { id: 'the start', branch: null };
    const found = await runGitProcess(root, ['name-rev', '--name-only', '--no-undefined', '--refs=refs/heads/*', commit]).catch(() => null);
    const branch = found?.exitCode === 0 ? found.stdout.trim().replace(/^heads\//, '') : null;
    return { id: commit.slice(0, 7), branch: branch === '' ? null : branch };
  };
  const [from, to] = await Promise.all([name(base), name(head)]);
  const branches = from.branch !== null || to.branch !== null ? ` (${from.branch ?? from.id}..${to.branch ?? to.id})` : '';
  return head === null ? `the work tree over ${from.id}${from.branch ? ` (${from.branch})` : ''}` : `${from.id}..${to.id}${branches}`;
}
