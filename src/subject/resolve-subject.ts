import { ConfigError } from '../errors.js';
import { buildReviewedDiff, type ReviewedDiff } from './build-reviewed-diff.js';
import type { DiffPlan } from './diff-plan.js';
import { findRepo, type Repo } from '../git/find-repo.js';
import type { PullRequestReference } from '../github/parse-pull-request.js';
import { normalizeSubjectText, parseKeywordSubject, type SubjectRequest } from './parse-subject-text.js';
import { planSubject } from './plan-subject.js';
import { readDiff } from './read-diff.js';
import type { PullRequest } from '../github/read-pull-request.js';
import { openGit, type GitRunner } from '../git/run-git.js';
import { storeSnapshot } from '../git/snapshot-store.js';
import type { Subject } from './subject.js';
import { BoundedMap } from '../bounded-map.js';

export const defaultMaxDiffBytes = 200_000;

export interface ResolveSubjectOptions {
  /** A directory inside the work tree; paths in the subject are relative to it. */
  cwd: string;
  /** Paths relative to the work tree root to leave out of the diff, e.g. the debate file. */
  exclude: readonly string[];
  /** How many bytes of diff the agents get (default 200 000); the summary covers every file. */
  maxDiffBytes?: number;
  /** The environment `gh` runs with for a pull request (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

interface Resolving {
  /** The user's words, trimmed: the subject's `text`. */
  words: string;
  /** The same with runs of white space collapsed, as the parsers read them. */
  normalized: string;
  repo: Repo;
  options: ResolveSubjectOptions;
  maxDiffBytes: number;
}

function checkMaxDiffBytes(value: number): number {
  if (Number.isSafeInteger(value) && value >= 0) return value;
  throw new ConfigError(`Cannot use \`${value}\` as the diff budget (--max-diff-bytes), expected a whole number of bytes, 0 or more, e.g. 200000.`);
}

async function resolvePullRequest(reference: PullRequestReference, { words, repo, options, maxDiffBytes }: Resolving): Promise<Subject> {
  // gh runs through execa (about a hundred modules): loaded for a pull request only, so a side's subject resolves before them.
  const { readPullRequest } = await import('../github/read-pull-request.js');
  const { pullRequest, diff } = await readPullRequest(reference, { cwd: repo.root, env: options.env });
  const git = openGit(repo.root);
  const fetched = await fetchPullRequestHead(git, pullRequest);
  // The pull request's commits may be fetched; its work tree is not this one.
  const source = { git, workTree: null };
  const reviewed = await buildReviewedDiff(diff, { source, exclude: options.exclude, maxDiffBytes });
  return {
    text: words,
    kind: 'pr',
    base: pullRequest.baseRefOid,
    head: pullRequest.headRefOid,
    description:
      `PR #${pullRequest.number} ${JSON.stringify(pullRequest.title)} (${pullRequest.baseRefName}..${pullRequest.headRefName})` +
      (fetched ? '' : `; its head ${pullRequest.headRefOid.slice(0, 7)} is not here, so citations cannot be checked: run \`git fetch origin pull/${pullRequest.number}/head\``),
    ...reviewed,
  };
}

/**
 * Makes the pull request's head commit available to the evidence check: fetched from `origin`'s
 * `refs/pull/<n>/head` when this clone lacks it. False when it is still not here.
 */
async function fetchPullRequestHead(git: GitRunner, pullRequest: PullRequest): Promise<boolean> {
  const present = async () => (await git.tryRun(['cat-file', '-e', `${pullRequest.headRefOid}^{commit}`])) !== null;
  if (await present()) return true;
  await git.tryRun(['fetch', '--quiet', '--no-tags', 'origin', `refs/pull/${pullRequest.number}/head`]);
  return present();
}

async function resolveWithGit(keyword: Exclude<SubjectRequest, { kind: 'pr' }> | null, { words, normalized, repo, options, maxDiffBytes }: Resolving): Promise<Subject> {
  const git = openGit(repo.root);
  const plan = await planSubject(git, { words, normalized, keyword, root: repo.root, cwd: options.cwd });
  const reviewed = await readReviewedDiff(git, plan, repo.root, options.exclude, maxDiffBytes);
  return { text: words, kind: plan.kind, base: plan.base, head: plan.head, description: plan.description, ...reviewed };
}

// The diff between two commits never changes: a subject resolved again to the same commits (each
// turn resolves it again) reuses it. The index and the work tree are read every time.
const keptCommitDiffs = 4;
const commitDiffs = new BoundedMap<string, ReviewedDiff>(keptCommitDiffs);

async function readReviewedDiff(git: GitRunner, plan: DiffPlan, root: string, exclude: readonly string[], maxDiffBytes: number): Promise<ReviewedDiff> {
  const key = plan.head === null ? null : JSON.stringify([root, plan.compare, plan.paths, exclude, maxDiffBytes]);
  const kept = key === null ? undefined : commitDiffs.get(key);
  if (kept) return kept;
  const diff = await readDiff(git, plan, exclude);
  const workTree = plan.head === null && !plan.compare.includes('--cached') ? root : null;
  const reviewed = await buildReviewedDiff(diff, { source: { git, workTree }, exclude, maxDiffBytes });
  if (key !== null) commitDiffs.set(key, reviewed);
  return reviewed;
}

/**
 * Turns the user's words (`HEAD`, `main..HEAD`, `the diff against main`, `staged`, `working tree`,
 * paths, `PR #42`, or free text) into the diff to review, and records its per-file hashes for
 * `filesChangedSince`. The words only ever reach git and gh as checked arguments, never a shell.
 */
export async function resolveSubject(text: string, options: ResolveSubjectOptions): Promise<Subject> {
  const words = text.trim();
  const normalized = normalizeSubjectText(words);
  const keyword = parseKeywordSubject(normalized);
  const maxDiffBytes = checkMaxDiffBytes(options.maxDiffBytes ?? defaultMaxDiffBytes);
  const resolving: Resolving = { words, normalized, repo: await findRepo(options.cwd), options, maxDiffBytes };
  const subject = keyword !== null && keyword.kind === 'pr' ? await resolvePullRequest(keyword.pullRequest, resolving) : await resolveWithGit(keyword, resolving);
  await storeSnapshot(resolving.repo.gitDir, subject.diffSha256, subject.fileHashes);
  return subject;
}
