import type { DiffPlan } from './diff-plan.js';
import { findSubjectPaths } from './find-subject-paths.js';
import { parseRevisionWords, type SubjectRequest } from './parse-subject-text.js';
import { planDiff } from './plan-diff.js';
import type { GitRunner } from '../git/run-git.js';

export interface SubjectWords {
  /** The user's words, trimmed. */
  words: string;
  /** The same with runs of white space collapsed, as the parsers read them. */
  normalized: string;
  /** The keyword the words are (`staged`, `the diff against main`), null for revisions, paths or free text. */
  keyword: Exclude<SubjectRequest, { kind: 'pr' }> | null;
  root: string;
  /** Where paths in the words start. */
  cwd: string;
}

/** What `git diff` a subject's words (anything but a pull request) ask for: the one reading both the check before the claim and the subject use. */
export async function planSubject(git: GitRunner, { words, normalized, keyword, root, cwd }: SubjectWords): Promise<DiffPlan> {
  const paths = keyword === null ? await findSubjectPaths(git, root, normalized, cwd) : null;
  const request = keyword ?? (paths === null ? parseRevisionWords(normalized) : { kind: 'paths' as const, paths });
  return planDiff(git, request, words);
}
