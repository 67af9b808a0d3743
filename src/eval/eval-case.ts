import type { Reproduction } from '../protocol/reproduction.js';
import type { Severity } from '../protocol/document.js';

/** One finding a case expects a review to make: where the bug is, and how it must be rated. */
export interface ExpectedFinding {
  /** The file, relative to the repository, as the change leaves it. */
  file: string;
  /** The bug's first and last line in that file after the change (1-based). */
  line: number;
  endLine: number;
  /** How many lines before `line` or after `endLine` a point may cite and still match. */
  tolerance: number;
  /** The least severity a point must give it to count; null when any severity counts. */
  minSeverity: Severity | null;
  /** A word the point's title or text must contain (any letter case); null for none. */
  keyword: string | null;
  /** The kind of bug (`off-by-one`, `sql-injection`, ...), for grouping; null when not given. */
  kind: string | null;
  /** What the bug is, for the people reading the report. */
  what: string;
}

/** A repository state: each file's path, relative to the root, and its bytes. */
export type FileTree = ReadonlyMap<string, Buffer>;

/** One case of a dataset: a repository, a change to it, and what a review should find in the change. */
export interface EvalCase {
  /** The case's folder name: kebab-case, unique in its dataset. */
  id: string;
  title: string;
  /** `javascript`, `python`, `go`, ...; null when the dataset does not say. */
  language: string | null;
  before: FileTree;
  after: FileTree;
  /** Empty for a clean change, where every point a review raises is false. */
  expected: ExpectedFinding[];
  /**
   * The case's own test, when it has one: it fails on the change (passes on a clean one) and
   * passes before it, so a scripted agent can hand it in as a reproduction and check the machinery.
   */
  reproduction?: Reproduction;
}

export const datasetFormats = ['planted', 'golden-bugs'] as const;
export type DatasetFormat = (typeof datasetFormats)[number];

export interface Dataset {
  name: string;
  format: DatasetFormat;
  /** The dataset's folder, absolute. */
  dir: string;
  cases: EvalCase[];
}
