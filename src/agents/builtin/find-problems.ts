import type { Severity } from '../../protocol/document.js';
import { isSourcePath, isTestPath, languageOf } from './classify-path.js';
import { compareText, severityRank } from './format-markdown.js';
import { addedLines, type DiffFile } from './parse-unified-diff.js';
import { allRules, lineRules, noTestChangeRule, severityFor, type RuleInfo } from './rules.js';

export interface Hit {
  path: string;
  line: number;
  /** The added line as written. */
  text: string;
}

export interface Problem {
  rule: RuleInfo;
  severity: Severity;
  /** The one file the problem is in; null for a problem about the change as a whole. */
  path: string | null;
  hits: Hit[];
}

/**
 * Runs every rule over the added lines of the change: one problem per rule and file, listing
 * all its lines, then the change-wide "no test change" problem; ordered by severity, then by
 * the rules' order, then by path.
 */
export function findProblems(files: readonly DiffFile[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    if (file.binary || file.newPath === null) continue;
    const path = file.newPath;
    const added = addedLines(file);
    for (const rule of lineRules) {
      const found = added.flatMap((line) => {
        const result = line.newLine === null ? null : rule.test(line.text, path);
        return result ? [{ hit: { path, line: line.newLine ?? 0, text: line.text }, needsCompanion: result.needsCompanion }] : [];
      });
      // `=======` is also a setext underline: it counts only beside `<<<<<<<` or `>>>>>>>`.
      const hits = found.some((entry) => !entry.needsCompanion) ? found.map((entry) => entry.hit) : [];
      if (hits.length > 0) problems.push({ rule, severity: severityFor(rule, path), path, hits });
    }
  }
  const untested = findUntestedChange(files);
  if (untested) problems.push(untested);
  const order = (problem: Problem) => allRules.indexOf(problem.rule);
  return problems.sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || order(a) - order(b) || compareText(a.path ?? '', b.path ?? ''));
}

/** Source files gained lines while no test file changed at all; null when tests changed too. */
export function findUntestedChange(files: readonly DiffFile[]): Problem | null {
  if (files.some(touchesTests)) return null;
  const hits = files.flatMap((file): Hit[] => {
    const path = file.newPath;
    const first = addedLines(file)[0];
    if (path === null || file.binary || !isSourcePath(path) || first?.newLine == null) return [];
    return [{ path, line: first.newLine, text: first.text }];
  });
  if (hits.length === 0) return null;
  return { rule: noTestChangeRule, severity: noTestChangeRule.severity, path: null, hits: hits.sort((a, b) => compareText(a.path, b.path)) };
}

/** A test file changed, or a Rust file gained an inline `#[test]` / `#[cfg(test)]`. */
export function touchesTests(file: DiffFile): boolean {
  const paths = [file.oldPath, file.newPath].filter((path): path is string => path !== null);
  if (paths.some(isTestPath)) return true;
  return languageOf(paths[0] ?? '') === 'rust' && addedLines(file).some((line) => /#\[(?:test|cfg\(test\))\]/.test(line.text));
}

export interface ScanSummary {
  /** Files with at least one added line. */
  filesScanned: number;
  linesScanned: number;
  binaryFiles: number;
  deletedFiles: number;
}

export function summarizeScan(files: readonly DiffFile[]): ScanSummary {
  const scanned = files.filter((file) => !file.binary && file.newPath !== null && addedLines(file).length > 0);
  return {
    filesScanned: scanned.length,
    linesScanned: scanned.reduce((total, file) => total + addedLines(file).length, 0),
    binaryFiles: files.filter((file) => file.binary).length,
    deletedFiles: files.filter((file) => file.newPath === null).length,
  };
}
