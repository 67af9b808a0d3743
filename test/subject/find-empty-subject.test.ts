import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { findEmptySubject } from '../../src/subject/find-empty-subject.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { makeGitRepo, runGit, type GitRepo } from '../helpers/git-repo.js';

// Whether a subject holds a change is asked of git before the claim; the subject read after it must agree.
describe('findEmptySubject', () => {
  let repo: GitRepo;
  const check = (text: string) => findEmptySubject(text, { cwd: repo.dir, root: repo.dir, exclude: ['reply.md'] });
  const filesOf = async (text: string) => (await resolveSubject(text, { cwd: repo.dir, exclude: ['reply.md'] })).files;

  beforeEach(async () => {
    repo = await makeGitRepo({ 'a.txt': 'one\n', 'src/b.txt': 'bee\n' });
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('the debate file is no change: a work tree, index or commit that changes only it is empty', async () => {
    await repo.write('reply.md', '# Code Debate: working tree\n');
    expect(await check('working tree')).toMatch(
      /^Nothing to debate: `working tree` is the working tree, untracked files included, against HEAD [0-9a-f]{7}, and it changes no file: /,
    );
    await repo.git('add', '-f', 'reply.md');
    expect(await check('staged')).toMatch(/^Nothing to debate: `staged` is the staged changes, /);
    await repo.git('commit', '-q', '-m', 'The debate only');
    expect(await check('HEAD')).toMatch(/^Nothing to debate: `HEAD` is commit [0-9a-f]{7} "The debate only", and it changes no file \(an empty commit\)\./);
    expect(await filesOf('HEAD')).toEqual([]);
  });

  test('a nested repository alone is no change, as the diff leaves its content out', async () => {
    const nested = path.join(repo.dir, 'vendor', 'lib');
    await mkdir(nested, { recursive: true });
    await runGit(nested, 'init', '-q');
    expect(await check('working tree')).not.toBeNull();
    expect(await filesOf('working tree')).toEqual([]);
  });

  test('paths with no uncommitted change are empty; one changed file in them is a subject', async () => {
    expect(await check('src')).toMatch(
      /^Nothing to debate: `src` is the working tree in src, untracked files included, against HEAD [0-9a-f]{7}, and it changes no file: those paths hold no uncommitted change\. Paths debate the working tree; give a commit/,
    );
    await repo.write('a.txt', 'two\n');
    expect(await check('src')).not.toBeNull();
    await repo.write('src/c.txt', 'new\n');
    expect(await check('src')).toBeNull();
    expect(await filesOf('src')).toEqual(['src/c.txt']);
  });

  test('a change made and reverted across a range is empty; a mode change is not', async () => {
    const base = await repo.git('rev-parse', 'HEAD');
    await repo.write('a.txt', 'changed\n');
    await repo.commit('Change');
    await repo.write('a.txt', 'one\n');
    await repo.commit('Revert');
    expect(await check(`${base}..HEAD`)).toMatch(
      /^Nothing to debate: `[0-9a-f]{40}\.\.HEAD` is commits [0-9a-f]{7}\.\.[0-9a-f]{7} \(2 commits\), and it changes no file: both ends hold the same files\./,
    );
    await repo.git('update-index', '--chmod=+x', 'a.txt');
    await repo.git('commit', '-q', '-m', 'Executable');
    expect(await check(`${base}..HEAD`)).toBeNull();
    expect(await filesOf(`${base}..HEAD`)).toEqual(['a.txt']);
  });

  test('a pull request is left to the check after gh has answered', async () => {
    expect(await check('PR #42')).toBeNull();
  });
});
