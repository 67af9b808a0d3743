import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRepoChanges, takeRepoSnapshot } from '../../src/git/repo-snapshot.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const run = promisify(execFile);
let repo: GitRepo | null = null;
afterEach(async () => {
  await repo?.cleanup();
  repo = null;
});

describe('takeRepoSnapshot', () => {
  it('reads the local branches and tags as for-each-ref does, packed or loose', async () => {
    repo = await makeGitRepo({ 'a.txt': 'a\n' });
    const git = (...args: string[]) => run('git', args, { cwd: repo!.dir });
    await git('branch', 'packed/one');
    await git('tag', 'v1');
    await git('pack-refs', '--all');
    await git('branch', 'loose-two');
    await git('tag', '-a', 'v2', '-m', 'annotated');
    await git('update-ref', 'refs/remotes/origin/main', 'HEAD');
    const snapshot = await takeRepoSnapshot(repo.dir);
    const { stdout } = await git('for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads', 'refs/tags');
    const expected = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.split(' ') as [string, string]),
    );
    const read = Object.fromEntries([...snapshot.refs].filter(([name]) => name.startsWith('refs/')));
    expect(read).toEqual(expected);
    expect(read['refs/remotes/origin/main']).toBeUndefined();
    expect(describeRepoChanges(snapshot, await takeRepoSnapshot(repo.dir))).toEqual([]);
  });
});
