import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { parsePullRequest } from '../github/parse-pull-request.js';
import { runGh, type GhOptions } from '../github/run-gh.js';
import { summaryMarker } from '../report/render-markdown.js';

/** How gh finds code-debate's own comments: the id of every comment `login` wrote that starts with the summary's marker (anyone may write the marker). */
export function ownCommentsQuery(login: string): string {
  return `.[] | select((.body | startswith(${JSON.stringify(summaryMarker)})) and .user.login == ${JSON.stringify(login)}) | .id`;
}

/**
 * Who gh posts as: the logged-in user, or, with an app's token that cannot read its user (the
 * workflow's GITHUB_TOKEN), the Actions bot that token posts as.
 */
async function postingLogin(what: string, gh: GhOptions & { action: string }): Promise<string> {
  try {
    return (await runGh(['api', 'user', '--jq', '.login'], what, gh)).trim();
  } catch (error) {
    if ((gh.env ?? process.env).GITHUB_ACTIONS === 'true') return 'github-actions[bot]';
    throw error;
  }
}

/**
 * Posts `summary` (which starts with the summary marker) on the pull request `target` (`42`,
 * `#42`, or its URL) through the GitHub CLI: the last comment code-debate posted there as the
 * same user is edited,
 * so a pull request carries one summary however often it is debated; without one, a comment is
 * added. Returns what was done.
 */
export async function postSummaryToPr(target: string, summary: string, options: Pick<GhOptions, 'cwd' | 'env'>): Promise<'updated' | 'created'> {
  const reference = parsePullRequest(/^\d+$/.test(target.trim()) ? `#${target.trim()}` : target.trim());
  if (reference === null) throw new ConfigError(`Expected \`--post-to-pr\` to be a pull request's number or URL, e.g. --post-to-pr 42, got \`${target}\`.`);
  const repository = reference.url === null ? '{owner}/{repo}' : new URL(reference.url).pathname.split('/').slice(1, 3).join('/');
  const what = `pull request ${reference.url ?? `#${reference.number}`}`;
  const gh = { ...options, action: 'post the summary to' };
  const login = await postingLogin(what, gh);
  const ids = await runGh(['api', '--paginate', `repos/${repository}/issues/${reference.number}/comments?per_page=100`, '--jq', ownCommentsQuery(login)], what, gh);
  const last = ids
    .trim()
    .split('\n')
    .filter((line) => /^\d+$/.test(line.trim()))
    .at(-1);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'code-debate-summary-'));
  try {
    const body = path.join(folder, 'summary.md');
    await writeFile(body, summary);
    if (last !== undefined) {
      await runGh(['api', '--method', 'PATCH', `repos/${repository}/issues/comments/${last.trim()}`, '-F', `body=@${body}`], what, gh);
      return 'updated';
    }
    await runGh(['pr', 'comment', reference.url ?? String(reference.number), '--body-file', body], what, gh);
    return 'created';
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
