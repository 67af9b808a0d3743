import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { GitError } from '../../src/errors.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

// main: first → second → third; feature, from third: f1 → f2. A bare remote `origin` has main at second.
describe('resolveSubject for free text', () => {
  let repo: GitRepo;
  let second: string;
  let third: string;
  let f2: string;
  const short = (sha: string): Promise<string> => repo.git('rev-parse', '--short', sha);
  const resolve = (text: string) => resolveSubject(text, { cwd: repo.dir, exclude: ['reply.md'] });

  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'one\n' });
    await repo.write('b.txt', 'bee\n');
    second = await repo.commit('Second');
    await repo.git('init', '-q', '--bare', path.join(repo.dir, '..', 'origin.git'));
    await repo.git('remote', 'add', 'origin', path.join(repo.dir, '..', 'origin.git'));
    await repo.git('push', '-q', 'origin', 'main');
    await repo.write('c.txt', 'sea\n');
    third = await repo.commit('Third');
    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('f.txt', 'eff\n');
    await repo.commit('F1');
    await repo.write('reply.md', '# Debate\n');
    await repo.write('g.txt', 'gee\n');
    f2 = await repo.commit('F2');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('the current branch against its upstream', async () => {
    await repo.git('fetch', '-q', 'origin');
    await repo.git('branch', '-q', '--set-upstream-to=origin/main');
    const subject = await resolve('the coupon change');
    expect(subject).toMatchObject({ text: 'the coupon change', kind: 'free-text', base: second, head: f2, files: ['c.txt', 'f.txt', 'g.txt'] });
    expect(subject.description).toBe(`commits ${await short(second)}..${await short(f2)} (3 commits): the branch feature against its upstream origin/main`);
  });

  test('an upstream HEAD has not moved past gives way to main', async () => {
    await repo.git('push', '-q', '-u', 'origin', 'feature');
    const subject = await resolve('the login refactor');
    expect(subject).toMatchObject({ kind: 'free-text', base: third, head: f2, files: ['f.txt', 'g.txt'] });
    expect(subject.description).toBe(`commits ${await short(third)}..${await short(f2)} (2 commits): the branch feature against main`);
  });

  test('with no upstream, main; a bare word git does not know is free text too', async () => {
    const subject = await resolve('refactor');
    expect(subject).toMatchObject({ kind: 'free-text', base: third, head: f2, files: ['f.txt', 'g.txt'] });
  });

  test('master when there is no main, from a detached HEAD', async () => {
    await repo.git('branch', '-q', '-m', 'main', 'master');
    await repo.git('checkout', '-q', '--detach', 'feature');
    const subject = await resolve('the coupon change');
    expect(subject).toMatchObject({ kind: 'free-text', base: third, head: f2 });
    expect(subject.description).toBe(`commits ${await short(third)}..${await short(f2)} (2 commits): the detached HEAD against master`);
  });

  test('on main itself, with nothing to compare with, the HEAD commit', async () => {
    await repo.git('checkout', '-q', 'main');
    const subject = await resolve('the coupon change');
    expect(subject).toMatchObject({ kind: 'free-text', base: second, head: third, files: ['c.txt'] });
    expect(subject.description).toBe(`commit ${await short(third)} "Third": the HEAD commit, as there is no upstream, main or master behind HEAD`);
  });
});

describe('resolveSubject for free text before the first commit', () => {
  let repo: GitRepo;
  beforeEach(async () => {
    repo = await makeGitRepo();
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('is a GitError that says what to review instead', async () => {
    await expect(resolveSubject('the coupon change', { cwd: repo.dir, exclude: [] })).rejects.toThrow(
      new GitError('Cannot find a diff for `the coupon change`, expected commits on the current branch: it has none yet. Review `staged` or `working tree`, or commit first.'),
    );
    await expect(resolveSubject('HEAD', { cwd: repo.dir, exclude: [] })).rejects.toThrow('Cannot find the commit `HEAD`, expected one: the current branch has no commit yet.');
  });
});
