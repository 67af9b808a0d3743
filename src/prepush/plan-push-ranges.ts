import type { GitRunner } from '../git/run-git.js';
import { findNewCommits, peelCommit } from './find-new-commits.js';
import type { PushLine } from './read-push-lines.js';

/** One diff to debate, as `resolveSubject` reads it. */
export interface DebateRange {
  /** `<base>..<head>` with full shas, or `commit <sha>` for a root commit (against the empty tree). */
  subject: string;
  /** null for a root commit. */
  base: string | null;
  head: string;
  /** How many commits the push brings in this range. */
  commits: number;
}

export type LinePlan =
  | { line: PushLine; action: 'skip'; reason: string }
  /** `commits`: the new commits, oldest first, each to be checked on its own; `head`: the pushed commit. */
  | { line: PushLine; action: 'debate'; ranges: DebateRange[]; commits: string[]; head: string };

/**
 * What to debate for one pushed ref: the commits the remote does not have, from where they
 * start (the one commit they grow from) to the pushed commit. A deletion, or a ref whose commits
 * are all on the remote already (a tag on a pushed commit, the same commits under another
 * name, a rewind), has nothing to debate. `remote` is the configured remote's name, or null when
 * the push names a URL.
 */
export async function planPushLine(git: GitRunner, line: PushLine, remote: string | null): Promise<LinePlan> {
  if (line.localSha === null) return { line, action: 'skip', reason: 'a deletion: nothing to debate' };
  const head = await peelCommit(git, line.localSha);
  if (head === null) return { line, action: 'skip', reason: `${line.localRef} points at ${line.localSha.slice(0, 7)}, not a commit: nothing to debate` };
  // A force push over commits this clone never fetched: the remote's tip is unknown here, so
  // the remote-tracking refs alone say what the remote has.
  const remoteTip = line.remoteSha === null ? null : await peelCommit(git, line.remoteSha);
  const { commits, boundaries } = await findNewCommits(git, head, { remote, known: remoteTip === null ? [] : [remoteTip] });
  if (commits.length === 0) {
    return { line, action: 'skip', reason: `${head.slice(0, 7)} and every commit before it are on ${remote ?? 'the remote'} already: nothing to debate` };
  }
  if (boundaries.length === 0) return { line, action: 'debate', ranges: rootRanges(commits, head), commits, head };
  const base = await chooseBase(git, boundaries);
  return { line, action: 'debate', ranges: [{ subject: `${base}..${head}`, base, head, commits: commits.length }], commits, head };
}

/** The whole history is new: its first commit against the empty tree, then the rest after it. */
function rootRanges(commits: readonly string[], head: string): DebateRange[] {
  const root = commits[0]!;
  const first: DebateRange = { subject: `commit ${root}`, base: null, head: root, commits: 1 };
  if (root === head) return [first];
  return [first, { subject: `${root}..${head}`, base: root, head, commits: commits.length - 1 }];
}

/**
 * The boundary the diff starts from. One, usually: the remote's tip or the fork point. After a
 * merge of the remote's branch there are several; those that others reach are dropped (the
 * merged tip wins over the old fork point, as a pull request's diff does), then the first left.
 */
async function chooseBase(git: GitRunner, boundaries: readonly string[]): Promise<string> {
  if (boundaries.length === 1) return boundaries[0]!;
  const independent = (await git.run(['merge-base', '--independent', ...boundaries])).split('\n').filter((sha) => sha !== '');
  return boundaries.find((sha) => independent.includes(sha)) ?? boundaries[0]!;
}

/** Whether `name` is a remote configured in this repository (git passes the URL when the push names one). */
export async function isConfiguredRemote(git: GitRunner, name: string): Promise<boolean> {
  const remotes = await git.run(['remote']);
  return remotes.split('\n').some((remote) => remote.trim() === name);
}
