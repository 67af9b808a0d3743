import { GitError } from '../errors.js';
import type { PullRequestReference } from './parse-pull-request.js';
import { runGh, type GhOptions } from './run-gh.js';

/** What `gh pr view --json` tells about a pull request. */
export interface PullRequest {
  number: number;
  title: string;
  baseRefName: string;
  headRefName: string;
  /** The base branch's tip and the pull request's head commit, full shas. */
  baseRefOid: string;
  headRefOid: string;
  url: string;
}

const fields = ['number', 'title', 'baseRefName', 'headRefName', 'baseRefOid', 'headRefOid', 'url'] as const;
const sha = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

function parsePullRequestJson(output: string, what: string): PullRequest {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch (error) {
    throw new GitError(`Cannot read ${what}, expected JSON from \`gh pr view\`, got ${JSON.stringify(output.slice(0, 200))}.`, { cause: error });
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const wrong = fields.filter((field) => (field === 'number' ? typeof record[field] !== 'number' : typeof record[field] !== 'string'));
  const badSha = ['baseRefOid', 'headRefOid'].filter((field) => typeof record[field] === 'string' && !sha.test(record[field]));
  if (wrong.length > 0 || badSha.length > 0) {
    throw new GitError(
      `Cannot read ${what}, expected \`gh pr view\` to give ${fields.join(', ')} (shas for the oids), got ${JSON.stringify(output.slice(0, 300))}. Update GitHub CLI.`,
    );
  }
  return Object.fromEntries(fields.map((field) => [field, record[field]])) as unknown as PullRequest;
}

/**
 * Reads a pull request and its diff (from the merge base, as GitHub shows it) through
 * `gh pr view` and `gh pr diff`, in the work tree at `options.cwd`.
 */
export async function readPullRequest(reference: PullRequestReference, options: GhOptions): Promise<{ pullRequest: PullRequest; diff: string }> {
  const what = `pull request #${reference.number}`;
  // The only words of the user's that reach gh: digits, or a URL checked by `parsePullRequest`.
  const target = reference.url ?? String(reference.number);
  const view = await runGh(['pr', 'view', target, '--json', fields.join(',')], what, options);
  const pullRequest = parsePullRequestJson(view, what);
  const diff = await runGh(['pr', 'diff', target, '--color', 'never'], what, options);
  return { pullRequest, diff };
}
