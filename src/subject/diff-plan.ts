import type { SubjectKind } from './subject.js';

/** What to ask `git diff`, decided from the user's words, and how to tell people about it. */
export interface DiffPlan {
  kind: SubjectKind;
  /** Full sha of the commit the diff starts from, when there is one. */
  base: string | null;
  /** Full sha of the commit the diff ends at; null for the index or the working tree. */
  head: string | null;
  /** What `git diff` compares: `[base, head]`, `['--cached', tree]` or `[tree]` (with the work tree). */
  compare: string[];
  /** Whether untracked files join the diff as added files. */
  withUntracked: boolean;
  /** Repo-relative paths the diff is limited to; null for the whole work tree. */
  paths: string[] | null;
  description: string;
}
