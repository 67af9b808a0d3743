import { GitError } from '../errors.js';
import type { DiffPlan } from './diff-plan.js';
import { tryFindMergeBase } from '../git/find-merge-base.js';
import { planCommit } from './plan-commit.js';
import { planCommits } from './plan-commits.js';
import { tryResolveCommit } from './resolve-commit.js';
import type { GitRunner } from '../git/run-git.js';

interface Candidate {
  revision: string;
  label: string;
}

async function listCandidates(git: GitRunner): Promise<Candidate[]> {
  const upstream = (await git.tryRun(['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}']))?.trim();
  return [
    ...(upstream ? [{ revision: '@{upstream}', label: `its upstream ${upstream}` }] : []),
    { revision: 'refs/heads/main', label: 'main' },
    { revision: 'refs/heads/master', label: 'master' },
  ];
}

/**
 * Words that name no revision (`PR #42`, `the login refactor`): the current branch from its merge
 * base with its upstream, else with `main` or `master`, skipping those HEAD has not moved past;
 * else the HEAD commit. The description says which was used.
 */
export async function planFreeText(git: GitRunner, text: string): Promise<DiffPlan> {
  const head = await tryResolveCommit(git, 'HEAD');
  if (head === null) {
    throw new GitError(`Cannot find a diff for \`${text}\`, expected commits on the current branch: it has none yet. Review \`staged\` or \`working tree\`, or commit first.`);
  }
  const branch = (await git.tryRun(['symbolic-ref', '--short', '-q', 'HEAD']))?.trim();
  const current = branch ? `the branch ${branch}` : 'the detached HEAD';
  for (const candidate of await listCandidates(git)) {
    const sha = await tryResolveCommit(git, candidate.revision);
    const base: string | null = sha === null ? null : await tryFindMergeBase(git, sha, head);
    if (base === null || base === head) continue;
    const plan = await planCommits(git, base, head);
    return { ...plan, kind: 'free-text', description: `${plan.description}: ${current} against ${candidate.label}` };
  }
  const plan = await planCommit(git, head, 'free-text');
  return { ...plan, description: `${plan.description}: the HEAD commit, as there is no upstream, main or master behind HEAD` };
}
