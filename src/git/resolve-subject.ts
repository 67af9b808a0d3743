import { createHash } from 'node:crypto';
import { findRepo } from './find-repo.js';
import { parseSubjectText } from './parse-subject-text.js';
import { planDiff } from './plan-diff.js';
import { readDiff } from './read-diff.js';
import { openGit } from './run-git.js';
import type { Subject } from './subject.js';

export interface ResolveSubjectOptions {
  /** A directory inside the work tree. */
  cwd: string;
  /** Paths relative to the work tree root to leave out of the diff, e.g. the debate file. */
  exclude: readonly string[];
}

/**
 * Turns the user's words (`HEAD`, `main..HEAD`, `the diff against main`, `staged`, `working tree`,
 * or free text) into the diff to review. The words only ever reach git as checked arguments.
 */
export async function resolveSubject(text: string, options: ResolveSubjectOptions): Promise<Subject> {
  const words = text.trim();
  const request = parseSubjectText(words);
  const repo = await findRepo(options.cwd);
  const git = openGit(repo.root);
  const plan = await planDiff(git, request, words);
  const { diff, files } = await readDiff(git, plan, options.exclude);
  return {
    text: words,
    kind: plan.kind,
    base: plan.base,
    head: plan.head,
    description: plan.description,
    diff,
    diffSha256: createHash('sha256').update(diff, 'utf8').digest('hex'),
    files,
  };
}
