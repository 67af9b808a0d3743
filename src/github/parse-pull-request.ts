/** A pull request the user named: its number, and the URL when they gave one. */
export interface PullRequestReference {
  number: number;
  /** `https://github.com/o/r/pull/42`, without what followed the number; null for `PR #42`. */
  url: string | null;
}

// `PR #42`, `pr 42`, `PR#42`, `the pull request #42`, `#42`.
const numberPattern = /^(?:(?:the\s+)?(?:pr|pull\s+request)\s*#?|#)(\d{1,9})$/i;
// The host is any GitHub (Enterprise too); what follows the number (`/files`, `#discussion`) is dropped.
const urlPattern = /^(https:\/\/[a-z0-9.-]+(?::\d+)?\/[\w.-]+\/[\w.-]+\/pull\/)(\d{1,9})(?:[/?#]\S*)?$/i;

/** Reads the words as a pull request reference, or null when they name none. */
export function parsePullRequest(words: string): PullRequestReference | null {
  const byNumber = numberPattern.exec(words);
  if (byNumber?.[1] !== undefined) return { number: Number.parseInt(byNumber[1], 10), url: null };
  const byUrl = urlPattern.exec(words);
  if (byUrl?.[1] === undefined || byUrl[2] === undefined) return null;
  const number = Number.parseInt(byUrl[2], 10);
  return { number, url: `${byUrl[1]}${number}` };
}
