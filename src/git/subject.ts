export const subjectKinds = ['commit', 'range', 'against', 'staged', 'working-tree', 'free-text'] as const;
export type SubjectKind = (typeof subjectKinds)[number];

/** What a debate reviews: the user's words resolved into a diff. */
export interface Subject {
  /** The user's words, e.g. `the diff against main`. */
  text: string;
  kind: SubjectKind;
  /** Commit the diff starts from, when there is one. */
  base: string | null;
  /** Commit the diff ends at; null for the index or the working tree. */
  head: string | null;
  /** A one-line description for people, e.g. `commits 1a2b3c4..5d6e7f8`. */
  description: string;
  /** The unified diff (`git diff` output), without the debate file itself. */
  diff: string;
  /** sha256 of `diff`, hex. */
  diffSha256: string;
  /** Paths changed, relative to the work tree root, as they are at `head`. */
  files: string[];
}
