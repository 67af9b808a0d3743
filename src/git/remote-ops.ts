import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, GitError } from '../errors.js';
import { failure, talk } from './remote-talk.js';
import { openGit, runGitProcess } from './run-git.js';

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
 * gone from the remote removed from it too: forced, since a rewrite there must be seen here. One
 * request, whether anything moved or not; no maintenance is started after it (a side fetches
 * every second or so, and a spawn each time is not free). A copy another process of this clone
 * was updating at that instant (`duo`'s two sides fetch into the same copies) is fetched again.
 */
export async function fetchRefs(cwd: string, remote: string, pattern: string, into: string): Promise<void> {
  const args = ['-c', 'maintenance.auto=false', 'fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--prune', '--no-recurse-submodules', remote, `+${pattern}:${into}`];
  for (let attempt = 0; ; attempt++) {
    const result = await talk(cwd, remote, args);
    if (result.exitCode === 0) return;
    if (attempt === localLockTries || !localRefBusy.test(result.stderr)) throw failure(remote, `fetch ${pattern}`, result);
    await delay(25 * 2 ** attempt);
  }
}

/** git's words for a ref of this clone another process was updating as the fetch wrote it. */
const localRefBusy = /cannot lock ref '[^']+': (is at \S+ but expected|unable to create '[^']+\.lock')/i;
const localLockTries = 5;

/** This clone's refs under `prefix` (a folder of refs, ending in `/`), ref → commit. */
export async function readLocalRefs(cwd: string, prefix: string): Promise<Map<string, string>> {
  const listed = await runGitProcess(cwd, ['for-each-ref', '--format=%(objectname) %(refname)', prefix]);
  if (listed.exitCode !== 0) throw new GitError(`Cannot list the refs under ${prefix} in ${cwd}: ${listed.stderr.trim() || `exit code ${listed.exitCode}`}`);
  const refs = new Map<string, string>();
  for (const line of listed.stdout.split('\n')) {
    const at = line.indexOf(' ');
    if (at !== -1) refs.set(line.slice(at + 1), line.slice(0, at));
  }
  return refs;
}

/** The bytes of `path` in `commit`, or null when the commit has no such file. */
export async function readFileAt(cwd: string, commit: string, path: string): Promise<Buffer | null> {
  const blob = await runGitProcess(cwd, ['rev-parse', '--verify', '--quiet', `${commit}:${path}`]);
  if (blob.exitCode !== 0) return null;
  return openGit(cwd).tryReadBlob(blob.stdout.trim());
}

/**
 * A commit holding one file, `name` with `bytes`, after `parent` (none for the first): made with
 * git's plumbing, touching neither the work tree, the index nor any branch.
 */
export async function commitFile(cwd: string, options: { parent: string | null; name: string; bytes: Buffer; message: string; who: string }): Promise<string> {
  return commitTree(cwd, { ...options, tree: await writeTree(cwd, options.name, options.bytes) });
}

/** A tree holding one file, `name` with `bytes` (its blob and the tree written). */
export async function writeTree(cwd: string, name: string, bytes: Buffer): Promise<string> {
  const blob = await plumbing(cwd, ['hash-object', '-w', '--stdin'], bytes);
  return plumbing(cwd, ['mktree'], `100644 blob ${blob}\t${name}\n`);
}

/**
 * A commit of `tree` after `parent` (none for the first): one object, nothing else written. The
 * author is code-debate, so a clone without user.name still writes.
 */
export async function commitTree(cwd: string, options: { tree: string; parent: string | null; message: string; who: string }): Promise<string> {
  const parent = options.parent === null ? [] : ['-p', options.parent];
  const identity = ['-c', `user.name=code-debate (${options.who})`, '-c', 'user.email=code-debate@localhost'];
  return plumbing(cwd, [...identity, 'commit-tree', options.tree, ...parent, '-m', options.message], undefined);
}

/** The tree and the message of `commit`, or null when this clone has no such commit. */
export async function readCommit(cwd: string, commit: string): Promise<{ tree: string; message: string } | null> {
  const shown = await runGitProcess(cwd, ['show', '-s', '--format=%T%x00%B', commit]);
  const at = shown.stdout.indexOf('\0');
  if (shown.exitCode !== 0 || at === -1) return null;
  return { tree: shown.stdout.slice(0, at), message: shown.stdout.slice(at + 1) };
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
  const names = (await runGitProcess(cwd, ['remote'])).stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '');
  const known = names.length === 0 ? 'this clone has no remotes' : `its remotes are ${names.map((entry) => `\`${entry}\``).join(', ')}`;
  throw new ConfigError(
    `Cannot debate on the remote \`${remote}\`: it is neither a remote of this clone (${known}) nor a URL or a path. Name one (\`git remote -v\` lists them) or give its URL.`,
  );
}

/** The name and bytes of the one file a debate commit holds (whatever the file was called), or null when it holds none. */
export async function readDebateCommit(cwd: string, commit: string): Promise<{ name: string; bytes: Buffer } | null> {
  const listed = await runGitProcess(cwd, ['ls-tree', '--name-only', '-z', commit]);
  const name = listed.exitCode === 0 ? listed.stdout.split('\0').find((entry) => entry !== '') : undefined;
  if (name === undefined) return null;
  const bytes = await readFileAt(cwd, commit, name);
  return bytes === null ? null : { name, bytes };
}

/** Deletes this clone's refs under `prefix` (a folder of refs, ending in `/`), in one transaction. */
export async function deleteLocalRefs(cwd: string, prefix: string): Promise<void> {
  const listed = await runGitProcess(cwd, ['for-each-ref', '--format=delete %(refname)', prefix]);
  if (listed.exitCode !== 0 || listed.stdout.trim() === '') return;
  await plumbing(cwd, ['update-ref', '--stdin'], listed.stdout);
}
