import type { Point } from '../../protocol/document.js';
import { findUntestedChange } from './find-problems.js';
import { findTestMentions } from './find-test-mentions.js';
import type { DiffFile } from './parse-unified-diff.js';
import { readWorkTreeFile } from './read-work-tree-file.js';
import { findRuleAbout } from './rules.js';

/** One cited file as the checks see it. */
export interface FileView {
  exists: boolean;
  /** Lines by 1-based number: the work tree's, overridden by the change's new side where it shows them. */
  lines: ReadonlyMap<number, string>;
  /** The work tree file's length; null when only the change's hunks are known. */
  lineCount: number | null;
  /** Why the work tree file was not read, when it was not. */
  reason: string | null;
}

/** Everything the pure checks need, read once from the change and the work tree. */
export interface CheckContext {
  files: readonly DiffFile[];
  views: ReadonlyMap<string, FileView>;
  /** Changed source path → test files in the work tree that mention its module name. */
  testMentions: ReadonlyMap<string, readonly string[]>;
}

/**
 * Reads what checking `points` needs: every cited file (the diff is the subject, so its new-side
 * lines win over the work tree's, which may have moved on) and, only when a point is about
 * missing tests, which test files mention the changed modules. Reads only; never writes.
 */
export async function loadCheckContext(cwd: string, points: readonly Point[], files: readonly DiffFile[], signal: AbortSignal): Promise<CheckContext> {
  const views = new Map<string, FileView>();
  const paths = [...new Set(points.flatMap((point) => point.evidence.map((evidence) => evidence.path)))];
  for (const path of paths) {
    signal.throwIfAborted();
    views.set(path, buildFileView(await readWorkTreeFile(cwd, path), newSideLines(files, path)));
  }
  const needsMentions = points.some((point) => findRuleAbout(point.title)?.id === 'no-test-change');
  const sourcePaths = needsMentions ? (findUntestedChange(files)?.hits.map((hit) => hit.path) ?? []) : [];
  const testMentions = await findTestMentions(cwd, sourcePaths, signal);
  return { files, views, testMentions };
}

export function buildFileView(workTree: Awaited<ReturnType<typeof readWorkTreeFile>>, fromDiff: ReadonlyMap<number, string> | null): FileView {
  const lines = new Map<number, string>();
  if (workTree.ok) workTree.lines.forEach((text, index) => lines.set(index + 1, text));
  for (const [number, text] of fromDiff ?? []) lines.set(number, text);
  return {
    exists: workTree.ok || fromDiff !== null,
    lines,
    lineCount: workTree.ok ? workTree.lines.length : null,
    reason: workTree.ok ? null : workTree.reason,
  };
}

/** The added and context lines the change shows for `path`, by new line number; null if it is not in the change. */
export function newSideLines(files: readonly DiffFile[], path: string): Map<number, string> | null {
  const file = files.find((candidate) => candidate.newPath === path);
  if (!file) return null;
  const lines = new Map<number, string>();
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) if (line.newLine !== null) lines.set(line.newLine, line.text);
  }
  return lines;
}
