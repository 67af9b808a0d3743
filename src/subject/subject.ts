export const subjectKinds = ['commit', 'range', 'against', 'staged', 'working-tree', 'paths', 'pr', 'free-text'] as const;
export type SubjectKind = (typeof subjectKinds)[number];

/** What a debate reviews: the user's words resolved into a diff. */
export interface Subject {
  /** The user's words, e.g. `the diff against main`. */
  text: string;
  kind: SubjectKind;
  /** Commit the diff starts from, when there is one (for a pull request, its base branch's tip). */
  base: string | null;
  /** Commit the diff ends at; null for the index or the working tree. */
  head: string | null;
  /** A one-line description for people, e.g. `commits 1a2b3c4..5d6e7f8`. */
  description: string;
  /**
   * The unified diff (`git diff` output), without the debate file itself, cut to the size budget:
   * the diffs of `omitted` files are left out, and a file that is not valid UTF-8 shows a one-line
   * note instead of its hunks.
   */
  diff: string;
  /** sha256 (hex) of the whole diff before the budget, so both sides agree whatever their budget. */
  diffSha256: string;
  /** Paths changed, relative to the work tree root, as they are at `head` (a deleted file's old path). */
  files: string[];
  /**
   * Every changed file with its status and line counts (binary files, renames, mode changes,
   * submodules and non-UTF-8 text described in words), then what `diff` leaves out and why.
   */
  summary: string;
  /** Paths (as in `files`) whose diff is left out of `diff` to keep it within the budget. */
  omitted: string[];
  /** Per path, a sha256 of that file's change, to tell which files changed between two snapshots. */
  fileHashes: Record<string, string>;
}
