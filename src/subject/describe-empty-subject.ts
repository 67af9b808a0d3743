import type { DiffPlan } from './diff-plan.js';

const committed = 'a commit (`HEAD`), a range (`main..HEAD`) or `the diff against main`';

/** The refusal of a subject whose diff changes no file: what was empty, and what to give instead. */
export function describeEmptySubject(words: string, plan: Pick<DiffPlan, 'kind' | 'description'>): string {
  const empty = `Nothing to debate: \`${words}\` is ${plan.description}, and it changes no file`;
  switch (plan.kind) {
    case 'staged':
      return `${empty}: nothing is staged. Stage the change first (\`git add <file>\`), or give \`working tree\` for changes not staged, or ${committed} for committed ones.`;
    case 'working-tree':
      return `${empty}: no file is changed or untracked. Give ${committed} to debate committed changes.`;
    case 'paths':
      return `${empty}: those paths hold no uncommitted change. Paths debate the working tree; give ${committed} to debate committed changes.`;
    case 'range':
      return `${empty}: both ends hold the same files. Give a range from before the change to after it, e.g. \`main..HEAD\` or \`HEAD~1..HEAD\`.`;
    case 'against':
      return `${empty}: HEAD has no change since it left that branch (run on the branch itself, or on a branch with no commit of its own). Run it on the branch that holds the change, or give \`working tree\` or \`staged\` for changes not committed yet.`;
    case 'pr':
      return `${empty}. Give a pull request, commit or range that changes files.`;
    case 'commit':
    case 'free-text':
      return `${empty} (an empty commit). Give a commit that changes files, or a range (\`main..HEAD\`), \`working tree\` or \`staged\`.`;
  }
}
