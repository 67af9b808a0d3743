import { ConfigError } from '../errors.js';
import { parsePullRequest, type PullRequestReference } from '../github/parse-pull-request.js';

/** What the user's words ask for, before git is asked anything. */
export type SubjectRequest =
  /** `commit <rev>`, or a bare word that can only be a revision (`HEAD~2`, `1a2b3c4`): must exist. */
  | { kind: 'commit'; revision: string }
  /** A bare word such as `feature` or `v1.2`: a commit if git knows it, free text otherwise. */
  | { kind: 'commit-or-text'; revision: string }
  /** `A..B` or `A...B` (`symmetric`); an empty side is `HEAD`. */
  | { kind: 'range'; from: string; to: string; symmetric: boolean }
  /** `the diff against <branch>`. */
  | { kind: 'against'; branch: string }
  | { kind: 'staged' }
  | { kind: 'working-tree' }
  /** `PR #42`, `pr 42`, `#42` or a pull request URL: asked of GitHub through `gh`. */
  | { kind: 'pr'; pullRequest: PullRequestReference }
  /** Words that are all existing paths in the work tree (relative to its root; `.` for all of it). */
  | { kind: 'paths'; paths: string[] }
  | { kind: 'free-text' };

const stagedPattern = /^(?:the\s+)?(?:staged|index|cached)(?:\s+changes)?$/i;
const workingTreePattern = /^(?:the\s+)?(?:working[\s-]*tree|worktree|uncommitted)(?:\s+changes)?$/i;
const commitPattern = /^(?:the\s+)?commit\s+(\S+)$/i;
const againstPattern = /^(?:(?:the\s+)?diff\s+)?against\s+(\S+)$/i;
// Words that cannot be prose: `HEAD`, `HEAD~2`, `main^`, `@{u}`, `@`, or hex with a digit (`1a2b3c4`).
const revisionLikePatterns = [/^(?:@|(?:FETCH_|ORIG_|MERGE_)?HEAD)$/, /[~^]|@\{/, /^(?=[a-f]*\d)[0-9a-f]{7,64}$/i];

/** Refuses what git would read as an option rather than a revision, e.g. `--output=/etc/passwd`. */
export function assertRevision(revision: string): string {
  if (revision.startsWith('-')) {
    throw new ConfigError(
      `Cannot use \`${revision}\` as a revision, expected a commit, branch or tag: it starts with \`-\`, so git would read it as an option. Name a revision such as \`HEAD~1\` or \`main\`.`,
    );
  }
  return revision;
}

function parseRange(word: string): Extract<SubjectRequest, { kind: 'range' }> | null {
  const start = word.indexOf('..');
  if (start === -1) return null;
  const symmetric = word[start + 2] === '.';
  const from = word.slice(0, start);
  const to = word.slice(start + (symmetric ? 3 : 2));
  if (from === '' && to === '') {
    throw new ConfigError(`Cannot use \`${word}\` as a range, expected \`A..B\`, \`A...B\`, \`A..\` or \`..B\`.`);
  }
  return {
    kind: 'range',
    from: from === '' ? 'HEAD' : assertRevision(from),
    to: to === '' ? 'HEAD' : assertRevision(to),
    symmetric,
  };
}

/** Collapses runs of white space; an empty subject is a `ConfigError` with examples. */
export function normalizeSubjectText(text: string): string {
  const words = text.trim().replace(/\s+/g, ' ');
  if (words === '') {
    throw new ConfigError(
      'Cannot review an empty subject, expected e.g. `HEAD`, `commit 1a2b3c4`, `main..HEAD`, `the diff against main`, `staged`, `working tree`, `PR #42` or paths.',
    );
  }
  return words;
}

/**
 * The subjects named by a keyword (`staged`, `working tree`, `commit X`, `against X`, `PR #42`),
 * which win over paths and revisions of the same name; null for other words.
 */
export function parseKeywordSubject(words: string): SubjectRequest | null {
  if (stagedPattern.test(words)) return { kind: 'staged' };
  if (workingTreePattern.test(words)) return { kind: 'working-tree' };
  const commit = commitPattern.exec(words)?.[1];
  if (commit !== undefined) return parseRange(commit) ?? { kind: 'commit', revision: assertRevision(commit) };
  const against = againstPattern.exec(words)?.[1];
  if (against !== undefined) return { kind: 'against', branch: assertRevision(against) };
  const pullRequest = parsePullRequest(words);
  return pullRequest === null ? null : { kind: 'pr', pullRequest };
}

export type RevisionRequest = Extract<SubjectRequest, { kind: 'range' | 'commit' | 'commit-or-text' | 'free-text' }>;

/** Words without a keyword: a range, a revision, or free text. */
export function parseRevisionWords(words: string): RevisionRequest {
  if (words.includes(' ')) return { kind: 'free-text' };
  const range = parseRange(words);
  if (range !== null) return range;
  assertRevision(words);
  const revisionLike = revisionLikePatterns.some((pattern) => pattern.test(words));
  return { kind: revisionLike ? 'commit' : 'commit-or-text', revision: words };
}

/**
 * Reads the user's words for what to review, before git or the file system is asked (so never
 * `paths`); keywords are case-insensitive.
 */
export function parseSubjectText(text: string): SubjectRequest {
  const words = normalizeSubjectText(text);
  return parseKeywordSubject(words) ?? parseRevisionWords(words);
}
