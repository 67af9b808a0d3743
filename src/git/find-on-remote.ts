import { failure, talk } from './remote-talk.js';
import { runGitProcess } from './run-git.js';

/**
 * Where `commit` stands on `remote`: `on` a ref of it; `absent` from all of them; `unseen` when
 * it is on none this clone can look into, but the remote has tips this clone never fetched,
 * which may hold it.
 */
export type OnRemote = 'on' | 'absent' | 'unseen';

/**
 * Whether the other side, in its own clone of `remote`, can have `commit`: it is reachable from a
 * ref the remote lists now (`git ls-remote`, one request: a tip this clone has is looked into
 * here), or from this clone's remote-tracking branches of `remote`, which hold what it pushed
 * there and last fetched. A remote given by URL, or one never fetched, is judged by what it lists.
 */
export async function findOnRemote(cwd: string, remote: string, commit: string): Promise<OnRemote> {
  if (await reachableFrom(cwd, commit, await trackingTips(cwd, remote))) return 'on';
  const listed = await talk(cwd, remote, ['ls-remote', remote]);
  if (listed.exitCode !== 0) throw failure(remote, 'list its refs', listed);
  // Annotated tags are looked into through the commit they name (their `^{}` line).
  const tips = new Set(
    listed.stdout
      .split('\n')
      .map((line) => line.split('\t'))
      .filter(([sha, ref]) => sha && ref && !ref.startsWith('refs/code-debate') && (!ref.startsWith('refs/tags/') || ref.endsWith('^{}')))
      .map(([sha]) => sha ?? ''),
  );
  if (tips.has(commit)) return 'on';
  const known = await commitsHere(cwd, [...tips]);
  if (await reachableFrom(cwd, commit, known)) return 'on';
  return known.length === tips.size ? 'absent' : 'unseen';
}

/** The tips of this clone's remote-tracking branches of `remote` (none for a URL). */
async function trackingTips(cwd: string, remote: string): Promise<string[]> {
  const listed = await runGitProcess(cwd, ['for-each-ref', '--format=%(objectname)', `refs/remotes/${remote}/`]);
  return listed.exitCode === 0 ? listed.stdout.split('\n').filter((line) => line !== '') : [];
}

/** Those of `shas` that name commits this clone has. */
async function commitsHere(cwd: string, shas: readonly string[]): Promise<string[]> {
  if (shas.length === 0) return [];
  const checked = await runGitProcess(cwd, ['cat-file', '--batch-check=%(objectname) %(objecttype)'], { input: `${shas.join('\n')}\n` });
  return checked.stdout.split('\n').flatMap((line) => (line.endsWith(' commit') ? [line.slice(0, -' commit'.length)] : []));
}

/** Whether `commit` is one of `tips` or an ancestor of one: `git rev-list` lists nothing of it that the tips do not hold. */
async function reachableFrom(cwd: string, commit: string, tips: readonly string[]): Promise<boolean> {
  if (tips.length === 0) return false;
  const listed = await runGitProcess(cwd, ['rev-list', '-n', '1', '--stdin'], { input: `${commit}\n${tips.map((tip) => `^${tip}`).join('\n')}\n` });
  return listed.exitCode === 0 && listed.stdout.trim() === '';
}

/** The push that puts `commit` on `remote`: its branch's, when it is what HEAD's branch holds; else one to a branch the user names. */
export async function pushCommandFor(cwd: string, remote: string, commit: string): Promise<string> {
  const [branch, head] = await Promise.all([runGitProcess(cwd, ['symbolic-ref', '--short', '-q', 'HEAD']), runGitProcess(cwd, ['rev-parse', '--verify', '-q', 'HEAD'])]);
  const name = branch.stdout.trim();
  if (branch.exitCode === 0 && name !== '' && head.stdout.trim() === commit) return `git push ${remote} ${name}`;
  return `git push ${remote} ${commit.slice(0, 12)}:refs/heads/<branch>`;
}
