import { ConfigError, GitError } from '../errors.js';
import { classifyRemoteFailure, RemoteError } from './remote-error.js';
import { openGit, runGitProcess, type GitProcessResult } from './run-git.js';

/** A git command that talks to a remote is stopped after this long: a remote that hangs is an unreachable one. */
export const remoteTimeoutMs = 30_000;

async function talk(cwd: string, remote: string, args: readonly string[]): Promise<GitProcessResult> {
  try {
    return await runGitProcess(cwd, args, { timeoutMs: remoteTimeoutMs });
  } catch (error) {
    // A remote that hangs is one that cannot be reached; a git that cannot start stays a GitError (exit 6).
    if (!(error instanceof GitError) || !/did not finish within/.test(error.message)) throw error;
    throw new RemoteError(`Cannot reach the remote \`${remote}\`: ${error.message}`, 'unreachable', { cause: error });
  }
}

function lastLines(text: string): string {
  return text.trim().split('\n').filter((line) => line.trim() !== '').slice(-4).join(' | ');
}

function failure(remote: string, what: string, result: GitProcessResult): RemoteError {
  const said = lastLines(result.stderr) || `git exited with code ${result.exitCode}`;
  return new RemoteError(`Cannot ${what} on the remote \`${remote}\`: ${said}`, classifyRemoteFailure(said), { cause: result });
}

/** The refs on `remote` that match `pattern`, ref → commit. */
export async function listRemoteRefs(cwd: string, remote: string, pattern: string): Promise<Map<string, string>> {
  const result = await talk(cwd, remote, ['ls-remote', '--refs', remote, pattern]);
  if (result.exitCode !== 0) throw failure(remote, `list ${pattern}`, result);
  const refs = new Map<string, string>();
  for (const line of result.stdout.split('\n')) {
    const [sha, ref] = line.split('\t');
    if (sha && ref) refs.set(ref.trim(), sha.trim());
  }
  return refs;
}

/**
 * Fetches the refs matching `pattern` on `remote` into `into` (a pattern with the same `*`), refs
 * gone from the remote removed from it too: forced, since a rewrite there must be seen here.
 */
export async function fetchRefs(cwd: string, remote: string, pattern: string, into: string): Promise<void> {
  const result = await talk(cwd, remote, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--prune', '--no-recurse-submodules', remote, `+${pattern}:${into}`]);
  if (result.exitCode !== 0) throw failure(remote, `fetch ${pattern}`, result);
}

export type PushResult = { pushed: true } | { pushed: false; reason: string };

/** git's words for a ref that moved before this push landed: checked on the client, or found by the remote as it locked the ref. */
const movedMeanwhile = /\[rejected\]|stale info|fetch first|non-fast-forward|already exists|is at \S+ but expected|incorrect old value|cannot lock ref|failed to update ref|failed to lock/;

/**
 * Pushes `commit` to `ref` on `remote` (or deletes `ref`, for a null commit), never forced: a ref
 * that moved meanwhile (not a fast-forward, or not at `expected` when a lease is given, or moved
 * by another push as the remote took this one) is refused, which is how two sides learn that the
 * other wrote first. A refusal is a result; a remote that cannot be reached or refuses this user
 * is a RemoteError.
 */
export async function pushRef(cwd: string, remote: string, commit: string | null, ref: string, expected?: string | null): Promise<PushResult> {
  const lease = expected === undefined ? [] : [`--force-with-lease=${ref}:${expected ?? ''}`];
  const result = await talk(cwd, remote, ['push', '--porcelain', '--no-verify', ...lease, remote, `${commit ?? ''}:${ref}`]);
  // --porcelain: `<flag>\t<from>:<to>\t<summary> (<reason>)`, `!` for a ref that was not updated.
  const line = result.stdout.split('\n').find((entry) => entry.includes(`:${ref}\t`) || entry.endsWith(`:${ref}`));
  if (line !== undefined && !line.startsWith('!')) return { pushed: true };
  if (line !== undefined) {
    const summary = (line.split('\t')[2] ?? '').trim();
    const why = `${summary} ${result.stderr}`;
    // `[remote rejected] (failed to update ref)` with `cannot lock ref ...: reference already exists`: two pushes raced on the remote.
    if (movedMeanwhile.test(why) && classifyRemoteFailure(why) !== 'denied') return { pushed: false, reason: summary };
    throw new RemoteError(`Cannot push ${ref} to the remote \`${remote}\`: ${`${summary} ${lastLines(result.stderr)}`.trim()}`, classifyRemoteFailure(why), { cause: result });
  }
  if (result.exitCode === 0) return { pushed: true };
  throw failure(remote, `push ${ref}`, result);
}

/** The bytes of `path` in `commit`, or null when the commit has no such file. */
export async function readFileAt(cwd: string, commit: string, path: string): Promise<Buffer | null> {
  const blob = await runGitProcess(cwd, ['rev-parse', '--verify', '--quiet', `${commit}:${path}`]);
  if (blob.exitCode !== 0) return null;
  return openGit(cwd).tryReadBlob(blob.stdout.trim());
}

/**
 * A commit holding one file, `name` with `bytes`, after `parent` (none for the first): made with
 * git's plumbing, touching neither the work tree, the index nor any branch. The author is
 * code-debate, so a clone without user.name still writes.
 */
export async function commitFile(cwd: string, options: { parent: string | null; name: string; bytes: Buffer; message: string; who: string }): Promise<string> {
  const blob = await plumbing(cwd, ['hash-object', '-w', '--stdin'], options.bytes);
  const tree = await plumbing(cwd, ['mktree'], `100644 blob ${blob}\t${options.name}\n`);
  const parent = options.parent === null ? [] : ['-p', options.parent];
  const identity = ['-c', `user.name=code-debate (${options.who})`, '-c', 'user.email=code-debate@localhost'];
  return plumbing(cwd, [...identity, 'commit-tree', tree, ...parent, '-m', options.message], undefined);
}

async function plumbing(cwd: string, args: readonly string[], input: Buffer | string | undefined): Promise<string> {
  const result = await runGitProcess(cwd, args, input === undefined ? {} : { input });
  if (result.exitCode !== 0) throw new GitError(`Cannot run \`git ${args.join(' ')}\` in ${cwd}: ${result.stderr.trim() || `exit code ${result.exitCode}`}`);
  return result.stdout.trim();
}

/**
 * `remote` must name a remote of this clone or be a URL or a path git can reach: a typo is said
 * at once rather than retried as an unreachable remote.
 */
export async function checkRemote(cwd: string, remote: string): Promise<void> {
  const named = await runGitProcess(cwd, ['remote', 'get-url', remote]);
  if (named.exitCode === 0) return;
  if (/^[a-z][\w+.-]*:\/\//i.test(remote) || /^[^/\s]+@[^:\s]+:/.test(remote) || remote.startsWith('/') || remote.startsWith('.')) return;
  const names = (await runGitProcess(cwd, ['remote'])).stdout.trim().split('\n').filter((line) => line !== '');
  const known = names.length === 0 ? 'this clone has no remotes' : `its remotes are ${names.map((entry) => `\`${entry}\``).join(', ')}`;
  throw new ConfigError(`Cannot debate on the remote \`${remote}\`: it is neither a remote of this clone (${known}) nor a URL or a path. Name one (\`git remote -v\` lists them) or give its URL.`);
}

/** The name and bytes of the one file a debate commit holds (whatever the file was called), or null when it holds none. */
export async function readDebateCommit(cwd: string, commit: string): Promise<{ name: string; bytes: Buffer } | null> {
  const listed = await runGitProcess(cwd, ['ls-tree', '--name-only', '-z', commit]);
  const name = listed.exitCode === 0 ? listed.stdout.split('\0').find((entry) => entry !== '') : undefined;
  if (name === undefined) return null;
  const bytes = await readFileAt(cwd, commit, name);
  return bytes === null ? null : { name, bytes };
}

/**
 * Whether `commit` is on a branch of the remote `remote` as this clone last fetched it; null when
 * that cannot be known (a URL, not a remote's name, has no remote-tracking branches here).
 */
export async function isOnRemote(cwd: string, remote: string, commit: string): Promise<boolean | null> {
  if ((await runGitProcess(cwd, ['remote', 'get-url', remote])).exitCode !== 0) return null;
  const found = await runGitProcess(cwd, ['for-each-ref', '--count=1', '--contains', commit, '--format=%(refname)', `refs/remotes/${remote}/`]);
  return found.exitCode === 0 ? found.stdout.trim() !== '' : null;
}
