import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { readRefStamp, refsUnchanged, type RefStamp } from '../../src/git/ref-stamp.js';
import { backdateRefs, makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

function stampOf(gitDir: string): RefStamp {
  const stamp = readRefStamp(gitDir);
  if (stamp === null) throw new Error(`No ref stamp for ${gitDir}`);
  return stamp;
}

describe('readRefStamp and refsUnchanged', () => {
  let repo: GitRepo;
  let gitDir: string;
  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/app.js': 'export const a = 1;\n' });
    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/app.js', 'export const a = 2;\n');
    await repo.commit('Change a');
    gitDir = path.join(repo.dir, '.git');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('a settled repository read by git and written by code-debate has not moved', async () => {
    await backdateRefs(gitDir);
    const before = stampOf(gitDir);
    await repo.git('rev-parse', '--verify', 'main^{commit}');
    await repo.git('diff', 'main', 'HEAD');
    await repo.git('cat-file', '-p', 'HEAD');
    // code-debate keeps its claims, locks and snapshots in a directory of the git dir.
    await mkdir(path.join(gitDir, 'code-debate', 'reply.md-1234'), { recursive: true });
    await writeFile(path.join(gitDir, 'code-debate', 'reply.md-1234', 'reviewer.json'), '{}\n');
    expect(refsUnchanged(before, stampOf(gitDir))).toBe(true);
  });

  test('refs that moved seconds ago are not trusted, even unchanged: a change in the same clock tick would keep their times', () => {
    const before = stampOf(gitDir);
    expect(refsUnchanged(before, stampOf(gitDir))).toBe(false);
  });

  const moves: Array<[string, (repo: GitRepo) => Promise<unknown>]> = [
    ['a commit on the current branch', (r) => r.commit('Another')],
    ['a commit on a detached HEAD', async (r) => (await r.git('checkout', '-q', '--detach'), await r.commit('Detached'))],
    ['another branch checked out', (r) => r.git('checkout', '-q', 'main')],
    ['the compared branch moved by update-ref', (r) => r.git('update-ref', 'refs/heads/main', 'HEAD')],
    ['a branch with a nested name moved', async (r) => (await r.git('branch', 'team/x/y', 'main'), await r.git('branch', '-f', 'team/x/y', 'HEAD'))],
    ['refs packed, then the branch moved', async (r) => (await r.git('pack-refs', '--all'), await r.git('update-ref', 'refs/heads/main', 'HEAD'))],
    ['a tag added', (r) => r.git('tag', 'v1')],
    ['a change staged (the index)', async (r) => (await r.write('src/app.js', 'export const a = 3;\n'), await r.git('add', 'src/app.js'))],
    ['an upstream set (the config)', (r) => r.git('config', 'branch.feature.merge', 'refs/heads/main')],
    ['a pseudo-ref written', (r) => r.git('update-ref', 'ORIG_HEAD', 'main')],
  ];
  test.each(moves)('%s is a move', async (_name, move) => {
    await backdateRefs(gitDir);
    const before = stampOf(gitDir);
    await move(repo);
    expect(refsUnchanged(before, stampOf(gitDir))).toBe(false);
  });

  test('a linked work tree sees the branches of the repository it shares', async () => {
    const worktree = path.join(repo.dir, '..', 'wt');
    await repo.git('worktree', 'add', '-q', worktree, 'main');
    const worktreeGitDir = path.join(gitDir, 'worktrees', 'wt');
    await backdateRefs(gitDir);
    await backdateRefs(worktreeGitDir);
    const before = stampOf(worktreeGitDir);
    expect(refsUnchanged(before, stampOf(worktreeGitDir))).toBe(true);
    await repo.commit('On feature, in the main work tree');
    expect(refsUnchanged(before, stampOf(worktreeGitDir))).toBe(false);
  });

  test('a repository with more ref directories than are worth reading is not stamped', async () => {
    for (let index = 0; index < 300; index++) await mkdir(path.join(gitDir, 'refs', 'heads', `d${index}`));
    expect(readRefStamp(gitDir)).toBeNull();
  });
});
