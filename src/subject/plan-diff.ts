import type { DiffPlan } from './diff-plan.js';
import type { SubjectRequest } from './parse-subject-text.js';
import { planAgainst } from './plan-against.js';
import { planCommit } from './plan-commit.js';
import { planFreeText } from './plan-free-text.js';
import { planLocalChanges } from './plan-local-changes.js';
import { planPaths } from './plan-paths.js';
import { planRange } from './plan-range.js';
import { resolveCommit, tryResolveCommit } from './resolve-commit.js';
import type { GitRunner } from '../git/run-git.js';

/** Asks git what the request names and decides what to diff (a pull request is asked of GitHub instead). */
export async function planDiff(git: GitRunner, request: Exclude<SubjectRequest, { kind: 'pr' }>, text: string): Promise<DiffPlan> {
  switch (request.kind) {
    case 'commit':
      return planCommit(git, await resolveCommit(git, request.revision));
    case 'commit-or-text': {
      const sha = await tryResolveCommit(git, request.revision);
      return sha === null ? planFreeText(git, text) : planCommit(git, sha);
    }
    case 'range':
      return planRange(git, request.from, request.to, request.symmetric);
    case 'against':
      return planAgainst(git, request.branch);
    case 'staged':
    case 'working-tree':
      return planLocalChanges(git, request.kind);
    case 'paths':
      return planPaths(git, request.paths);
    case 'free-text':
      return planFreeText(git, text);
  }
}
