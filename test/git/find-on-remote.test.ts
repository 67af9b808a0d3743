import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findOnRemote, pushCommandFor } from '../../src/git/find-on-remote.js';
import { runGit } from '../helpers/git-repo.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A bare remote with `main`, and two clones of it: `mine` and `theirs`. */
async function remoteAndClones(): Promise<{ bare: string; mine: string; theirs: string; commit(dir: string, message: string): Promise<string> }> {
  const parent = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-on-remote-')));
  dirs.push(parent);
  const bare = path.join(parent, 'remote.git');
  await runGit(parent, 'init', '-q', '--bare', '--initial-branch=main', bare);
  const commit = async (dir: string, message: string) => {
    await runGit(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '--allow-empty', '-m', message);
    return runGit(dir, 'rev-parse', 'HEAD');
  };
  const mine = path.join(parent, 'mine');
  await runGit(parent, 'init', '-q', '--initial-branch=main', mine);
  await commit(mine, 'first');
  await runGit(mine, 'remote', 'add', 'origin', bare);
  await runGit(mine, 'push', '-q', 'origin', 'main');
  const theirs = path.join(parent, 'theirs');
  await runGit(parent, 'clone', '-q', bare, theirs);
  return { bare, mine, theirs, commit };
}

describe('findOnRemote', () => {
  it('finds a commit at a tip, below a tip this clone has, or on a branch it pushed; says absent for one only here', async () => {
    const { bare, mine, commit } = await remoteAndClones();
    const first = await runGit(mine, 'rev-parse', 'HEAD');
    expect(await findOnRemote(mine, 'origin', first)).toBe('on');
    const local = await commit(mine, 'local only');
    expect(await findOnRemote(mine, 'origin', local)).toBe('absent');
    expect(await findOnRemote(mine, bare, local)).toBe('absent');
    await commit(mine, 'on top');
    await runGit(mine, 'push', '-q', bare, 'HEAD:refs/heads/by-url');
    // Pushed by URL: no remote-tracking branch says so, the remote's own listing does.
    expect(await findOnRemote(mine, bare, local)).toBe('on');
  });

  it('says unseen for a commit on no ref it can look into while the remote has tips this clone never fetched', async () => {
    const { mine, theirs, commit } = await remoteAndClones();
    const local = await commit(mine, 'local only');
    await commit(theirs, 'theirs');
    await runGit(theirs, 'push', '-q', 'origin', 'HEAD:refs/heads/other');
    expect(await findOnRemote(mine, 'origin', local)).toBe('unseen');
  });
});

describe('pushCommandFor', () => {
  it("names HEAD's branch when the commit is HEAD, else a push of the commit to a branch to name", async () => {
    const { mine, commit } = await remoteAndClones();
    const head = await commit(mine, 'local only');
    expect(await pushCommandFor(mine, 'origin', head)).toBe('git push origin main');
    const older = await runGit(mine, 'rev-parse', 'HEAD~1');
    expect(await pushCommandFor(mine, 'origin', older)).toBe(`git push origin ${older.slice(0, 12)}:refs/heads/<branch>`);
  });
});
