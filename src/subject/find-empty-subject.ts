import { describeEmptySubject } from './describe-empty-subject.js';
import { normalizeSubjectText, parseKeywordSubject } from './parse-subject-text.js';
import { planSubject } from './plan-subject.js';
import { hasChange } from './read-diff.js';
import { openGit } from '../git/run-git.js';

export interface EmptySubjectCheck {
  /** Where paths in the subject start. */
  cwd: string;
  /** The work tree's root. */
  root: string;
  /** Repo-relative paths that are never part of the diff (the debate file). */
  exclude: readonly string[];
}

/**
 * Why the subject holds nothing to debate, or null when it holds a change. Asked before a role is
 * claimed, of git alone (no diff read); a pull request is asked of GitHub after the claim, and
 * its subject checked with `describeEmptySubject`.
 */
export async function findEmptySubject(text: string, { cwd, root, exclude }: EmptySubjectCheck): Promise<string | null> {
  const words = text.trim();
  const normalized = normalizeSubjectText(words);
  const keyword = parseKeywordSubject(normalized);
  if (keyword !== null && keyword.kind === 'pr') return null;
  const git = openGit(root);
  const plan = await planSubject(git, { words, normalized, keyword, root, cwd });
  return (await hasChange(git, plan, exclude)) ? null : describeEmptySubject(words, plan);
}
