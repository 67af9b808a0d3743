import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { filesChangedSince } from '../../src/subject/files-changed-since.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import type { Subject } from '../../src/subject/subject.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const cart = (total: number, header = ''): string => `${header}${Array.from({ length: 10 }, (_, index) => `// note ${index}\n`).join('')}export const total = ${total};\n`;

/** What the debate file's metadata comment holds for a subject. */
const pin = (subject: Subject) => ({ v: 1, base: subject.base, head: subject.head, diff: subject.diffSha256 });

describe('filesChangedSince', () => {
  let repo: GitRepo;
  const resolve = (text: string) => resolveSubject(text, { cwd: repo.dir, exclude: ['reply.md'] });
  const forgetSnapshots = () => rm(path.join(repo.dir, '.git', 'code-debate', 'snapshots'), { recursive: true, force: true });

  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/cart.ts': cart(1), 'src/tax.ts': 'export const tax = 0;\n', 'README.md': 'shop\n' });
    await repo.git('checkout', '-q', '-b', 'coupons');
    await repo.write('src/cart.ts', cart(2));
    await repo.write('src/coupon.ts', 'export const coupon = 10;\n');
    await repo.commit('Add coupons');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('nothing when the diff is the one pinned, or when nothing was pinned', async () => {
    const reviewed = await resolve('the diff against main');
    await repo.write('reply.md', '# Debate\n');
    const again = await resolve('the diff against main');
    expect(await filesChangedSince(repo.dir, pin(reviewed), again)).toEqual([]);
    expect(await filesChangedSince(repo.dir, { head: null, diff: null }, again)).toEqual([]);
  });

  test('a commit after the review: the files it changed in the diff', async () => {
    const reviewed = await resolve('the diff against main');
    await repo.write('src/coupon.ts', 'export const coupon = 15;\n');
    await repo.write('src/tax.ts', 'export const tax = 0.2;\n');
    await repo.commit('Fix the coupon, add tax');
    const current = await resolve('the diff against main');
    expect(await filesChangedSince(repo.dir, pin(reviewed), current)).toEqual(['src/coupon.ts', 'src/tax.ts']);
  });

  test('an amended commit: the files whose change differs, and one whose change is gone', async () => {
    const reviewed = await resolve('HEAD');
    await repo.write('src/cart.ts', cart(1));
    await repo.write('src/coupon.ts', 'export const coupon = 20;\n');
    await repo.git('add', '-A');
    await repo.git('commit', '-q', '--amend', '-m', 'Add coupons, amended');
    const current = await resolve('HEAD');
    expect(current.files).toEqual(['src/coupon.ts']);
    expect(await filesChangedSince(repo.dir, pin(reviewed), current)).toEqual(['src/coupon.ts', 'src/cart.ts']);
  });

  test('working tree edits, an untracked file included; the debate file never counts', async () => {
    await repo.write('src/tax.ts', 'export const tax = 0.1;\n');
    const reviewed = await resolve('working tree');
    await repo.write('src/tax.ts', 'export const tax = 0.3;\n');
    await repo.write('src/new.ts', 'export const created = true;\n');
    await repo.write('reply.md', '# Debate\n\n## Review\n');
    const current = await resolve('working tree');
    expect(await filesChangedSince(repo.dir, pin(reviewed), current)).toEqual(['src/tax.ts', 'src/new.ts']);
  });

  test('a rebase that leaves the changes as they were: only the file whose hunk moved', async () => {
    const reviewed = await resolve('the diff against main');
    await repo.git('checkout', '-q', 'main');
    await repo.write('README.md', 'shop\nwith coupons soon\n');
    await repo.write('src/cart.ts', cart(1, '// the cart\n'));
    await repo.commit('Main moves on');
    await repo.git('checkout', '-q', 'coupons');
    await repo.git('rebase', '-q', 'main');
    const current = await resolve('the diff against main');
    expect(current.files).toEqual(['src/cart.ts', 'src/coupon.ts']);
    expect(await filesChangedSince(repo.dir, pin(reviewed), current)).toEqual(['src/cart.ts']);
  });

  test('without the recorded snapshot, commits are compared: the current files that differ between the heads', async () => {
    const reviewed = await resolve('the diff against main');
    await repo.write('src/coupon.ts', 'export const coupon = 15;\n');
    await repo.commit('Fix the coupon');
    await forgetSnapshots();
    const current = await resolve('the diff against main');
    await forgetSnapshots();
    expect(await filesChangedSince(repo.dir, pin(reviewed), current)).toEqual(['src/coupon.ts']);
  });

  test('without the recorded snapshot of a working tree, every current file, as nothing tells which', async () => {
    await repo.write('src/tax.ts', 'export const tax = 0.1;\n');
    const reviewed = await resolve('working tree');
    await forgetSnapshots();
    await repo.write('src/tax.ts', 'export const tax = 0.3;\n');
    await repo.write('README.md', 'shop!\n');
    const current = await resolve('working tree');
    expect(await filesChangedSince(repo.dir, pin(reviewed), current)).toEqual(['README.md', 'src/tax.ts']);
  });

  test('a pinned head that is no sha is not passed to git', async () => {
    const current = await resolve('HEAD');
    await forgetSnapshots();
    expect(await filesChangedSince(repo.dir, { head: '--output=pwned', diff: 'f'.repeat(64) }, current)).toEqual(['src/cart.ts', 'src/coupon.ts']);
    expect(await repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });
});
