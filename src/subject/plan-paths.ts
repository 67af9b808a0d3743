import type { DiffPlan } from './diff-plan.js';
import { planLocalChanges } from './plan-local-changes.js';
import type { GitRunner } from '../git/run-git.js';

const listed = 3;

/** `src/a.ts src/b.ts` or `src/`: the working tree against HEAD, untracked files included, for those paths only. */
export async function planPaths(git: GitRunner, paths: readonly string[]): Promise<DiffPlan> {
  const plan = await planLocalChanges(git, 'working-tree');
  const named = paths.slice(0, listed).join(', ') + (paths.length > listed ? ` and ${paths.length - listed} more` : '');
  return { ...plan, kind: 'paths', paths: [...paths], description: plan.description.replace(/^the working tree/, `the working tree in ${named}`) };
}
