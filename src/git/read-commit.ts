import { GitError } from '../errors.js';
import { areFullShas, rememberCommitFact } from './remember-commit-fact.js';
import type { GitRunner } from './run-git.js';

/** What a description of a commit needs. */
export interface CommitInfo {
  sha: string;
  shortSha: string;
  parents: string[];
  shortParents: string[];
  /** The first line of the message. */
  summary: string;
}

const words = (text: string): string[] => text.split(' ').filter((word) => word !== '');

/** Reads one commit, given its full sha. */
export async function readCommit(git: GitRunner, sha: string): Promise<CommitInfo> {
  return areFullShas([sha]) ? rememberCommitFact([git.cwd, 'commit', sha], () => askCommit(git, sha)) : askCommit(git, sha);
}

async function askCommit(git: GitRunner, sha: string): Promise<CommitInfo> {
  const output = await git.run(['log', '-1', '--no-show-signature', '--format=%H%x00%h%x00%P%x00%p%x00%s', sha, '--']);
  const [fullSha, shortSha, parents, shortParents, summary] = output.replace(/\n$/, '').split('\0');
  if (fullSha === undefined || shortSha === undefined || summary === undefined) {
    throw new GitError(`Cannot read the commit \`${sha}\`, expected five fields from \`git log\`, got ${JSON.stringify(output)}.`);
  }
  return { sha: fullSha, shortSha, parents: words(parents ?? ''), shortParents: words(shortParents ?? ''), summary };
}

/** Abbreviated shas, as short as git makes them unique. */
export async function shortenShas(git: GitRunner, shas: readonly string[]): Promise<string[]> {
  const shortened: string[] = [];
  // `rev-parse --short` abbreviates one revision per call.
  for (const sha of shas) {
    const ask = async () => (await git.run(['rev-parse', '--short', sha])).trim();
    shortened.push(await (areFullShas([sha]) ? rememberCommitFact([git.cwd, 'short', sha], ask) : ask()));
  }
  return shortened;
}

/** How many commits are reachable from `head` but not from `base`. */
export async function countCommits(git: GitRunner, base: string, head: string): Promise<number> {
  const ask = async () => Number.parseInt(await git.run(['rev-list', '--count', `${base}..${head}`]), 10);
  return areFullShas([base, head]) ? rememberCommitFact([git.cwd, 'count', base, head], ask) : ask();
}
