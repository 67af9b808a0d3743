import { createHash } from 'node:crypto';
import path from 'node:path';
import { findNonUtf8Files, type ContentSource } from '../git/find-non-utf8-files.js';
import { fitDiffBudget, type ShownFile } from './fit-diff-budget.js';
import { hashFileDiffs } from './hash-file-diffs.js';
import { renderDiffSummary } from './render-diff-summary.js';
import { replaceNonUtf8Hunks } from '../git/replace-non-utf8-hunks.js';
import { splitDiff } from '../git/split-diff.js';
import type { Subject } from './subject.js';

export type ReviewedDiff = Pick<Subject, 'diff' | 'diffSha256' | 'files' | 'summary' | 'omitted' | 'fileHashes'>;

export interface ReviewOptions {
  source: ContentSource;
  /** Repo-relative paths that are never part of the diff (the debate file). */
  exclude: readonly string[];
  maxDiffBytes: number;
}

const normalize = (file: string): string => path.posix.normalize(file.split(path.sep).join('/'));

/**
 * Turns a whole diff into what the agents read: every file in the summary; each file's diff,
 * largest risk first, as far as the budget goes (kept in the diff's order); a file that is not
 * valid UTF-8 as a one-line note.
 */
export async function buildReviewedDiff(text: string, options: ReviewOptions): Promise<ReviewedDiff> {
  const excluded = new Set(options.exclude.map(normalize));
  const files = splitDiff(text).filter((file) => !excluded.has(file.path) && (file.oldPath === null || !excluded.has(file.oldPath)));
  const nonUtf8 = await findNonUtf8Files(files, options.source);
  const shown: ShownFile[] = files.map((file) => {
    const isNonUtf8 = nonUtf8.has(file);
    return { file, nonUtf8: isNonUtf8, patch: isNonUtf8 ? replaceNonUtf8Hunks(file) : file.patch };
  });
  const kept = fitDiffBudget(shown, options.maxDiffBytes);
  return {
    diff: shown
      .filter((file) => kept.has(file))
      .map((file) => file.patch)
      .join(''),
    diffSha256: createHash('sha256')
      .update(files.map((file) => file.patch).join(''), 'utf8')
      .digest('hex'),
    files: files.map((file) => file.path),
    summary: renderDiffSummary(shown, kept, options.maxDiffBytes),
    omitted: shown.filter((file) => !kept.has(file)).map((file) => file.file.path),
    fileHashes: hashFileDiffs(files),
  };
}
