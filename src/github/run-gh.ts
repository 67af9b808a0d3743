import { execa } from 'execa';
import { absolutePath } from '../safe-path.js';
import { GitError } from '../errors.js';

export interface GhOptions {
  /** Where gh runs: the work tree, whose GitHub remote gh reads. */
  cwd: string;
  /** gh's whole environment (default `process.env`), e.g. with a `PATH` that finds a test's fake gh. */
  env?: NodeJS.ProcessEnv | undefined;
  timeoutMs?: number;
  /** What gh does, for messages: `read` (the default), `post the summary to`. */
  action?: string;
}

const defaultTimeoutMs = 60_000;
const install = 'Install GitHub CLI (https://cli.github.com), run `gh auth login`, and try again';
const authPattern = /gh auth login|not logged in|authentication|HTTP 401|bad credentials|GH_TOKEN/i;
const notFoundPattern = /could not resolve to a pullrequest|no pull requests? found|HTTP 404/i;

/** The last lines gh wrote to stderr, as one quotable line. */
function tail(stderr: string): string {
  const lines = stderr
    .trim()
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  return lines.slice(-3).join(' ').slice(-400);
}

/**
 * Runs the GitHub CLI without a shell: each argument reaches gh as it is. `what` names the pull
 * request for messages. A `GitError` says whether gh is missing, not logged in, found no such
 * pull request, timed out or failed otherwise, and what to do.
 */
export async function runGh(args: readonly string[], what: string, options: GhOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const result = await execa('gh', args, {
    cwd: options.cwd,
    // gh must not prompt, page, color or check for updates: nobody is there to answer.
    env: { ...(options.env ?? process.env), PATH: absolutePath((options.env ?? process.env).PATH), GH_PROMPT_DISABLED: '1', GH_NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' },
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    stripFinalNewline: false,
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!result.failed) return result.stdout;
  const command = `gh ${args.join(' ')}`;
  const said = tail(result.stderr);
  const saying = said === '' ? '' : `: gh says "${said}"`;
  if ((result.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new GitError(`Cannot ${options.action ?? 'read'} ${what}, expected the GitHub CLI \`gh\` on PATH: it is not installed. ${install}.`, { cause: result });
  }
  if (result.timedOut) {
    throw new GitError(
      `Cannot ${options.action ?? 'read'} ${what}: \`${command}\` did not finish within ${timeoutMs / 1000}s. Check your network, or review the branch instead, e.g. \`the diff against main\`.`,
      { cause: result },
    );
  }
  // gh exits with 4 when it needs authentication.
  if (result.exitCode === 4 || authPattern.test(result.stderr)) {
    throw new GitError(`Cannot ${options.action ?? 'read'} ${what}, expected gh to be logged in to GitHub${saying}. Run \`gh auth login\` (or set GH_TOKEN), and try again.`, {
      cause: result,
    });
  }
  if (notFoundPattern.test(result.stderr)) {
    throw new GitError(`Cannot find ${what}, expected a pull request of this repository's GitHub remote${saying}. Run \`gh pr list --state all\` to see them.`, { cause: result });
  }
  const exit = result.exitCode === undefined ? `was stopped (${result.shortMessage})` : `exited with code ${result.exitCode}`;
  throw new GitError(`Cannot ${options.action ?? 'read'} ${what}: \`${command}\` ${exit}${saying}.`, { cause: result });
}
