import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { GitError } from '../../src/errors.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const fakeGhDir = fileURLToPath(new URL('../fixtures/gh/', import.meta.url));
const viewArgs = (target: string) => ['pr', 'view', target, '--json', 'number,title,baseRefName,headRefName,baseRefOid,headRefOid,url'];
const diffArgs = (target: string) => ['pr', 'diff', target, '--color', 'never'];

interface GhCall {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
}

// main: base (cart.ts) → main2 (readme); coupons, from base: coupon.ts, cart.ts changed, reply.md committed.
describe('resolveSubject for a pull request, through gh', () => {
  let repo: GitRepo;
  let base: string;
  let head: string;
  let prDiff: string;
  let scratch: string;

  const env = (mode: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...process.env,
    PATH: `${fakeGhDir}${path.delimiter}${process.env.PATH ?? ''}`,
    FAKE_GH_MODE: mode,
    FAKE_GH_LOG: path.join(scratch, 'gh.log'),
    FAKE_GH_DIFF: path.join(scratch, 'pr.diff'),
    FAKE_GH_BASE: base,
    FAKE_GH_HEAD: head,
    ...extra,
  });
  const resolve = (text: string, mode = 'success', extra: Record<string, string> = {}) => resolveSubject(text, { cwd: repo.dir, exclude: ['reply.md'], env: env(mode, extra) });
  const calls = async (): Promise<GhCall[]> =>
    (await readFile(path.join(scratch, 'gh.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as GhCall);

  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/cart.ts': 'export const total = 1;\n' });
    scratch = path.join(repo.dir, '..', 'scratch');
    await mkdir(scratch);
    await repo.git('checkout', '-q', '-b', 'coupons');
    await repo.write('src/coupon.ts', 'export const coupon = 10;\n');
    await repo.write('src/cart.ts', 'export const total = 2;\n');
    await repo.write('reply.md', '# Debate\n');
    head = await repo.commit('Add coupons');
    await repo.git('checkout', '-q', 'main');
    await repo.write('README.md', 'shop\n');
    base = await repo.commit('Readme');
    prDiff = `${await repo.git('diff', '--no-ext-diff', 'main...coupons')}\n`;
    await writeFile(path.join(scratch, 'pr.diff'), prDiff);
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('a head commit this clone lacks, and cannot fetch, is named with the command to fetch it', async () => {
    const missing = 'f'.repeat(40);
    const subject = await resolve('PR #42', 'success', { FAKE_GH_HEAD: missing });
    expect(subject.head).toBe(missing);
    expect(subject.description).toBe('PR #42 "Add coupons" (main..coupons); its head fffffff is not here, so citations cannot be checked: run `git fetch origin pull/42/head`');
  });

  test('`PR #42`: gh pr view and gh pr diff, without a shell, give the subject', async () => {
    const subject = await resolve('PR #42');
    const withoutReply = prDiff
      .split(/(?=^diff --git )/m)
      .filter((part) => !part.startsWith('diff --git a/reply.md'))
      .join('');
    expect(prDiff).toContain('diff --git a/reply.md b/reply.md\n');
    expect(subject).toEqual({
      text: 'PR #42',
      kind: 'pr',
      base,
      head,
      description: 'PR #42 "Add coupons" (main..coupons)',
      diff: withoutReply,
      diffSha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      files: ['src/cart.ts', 'src/coupon.ts'],
      summary: [
        '2 files changed, +2 -1 lines:',
        '- src/cart.ts (modified, +1 -1)',
        '- src/coupon.ts (added, +1 -0)',
        '',
        `Nothing was left out of the diff for size (${Buffer.byteLength(withoutReply)} of 200000 bytes).`,
      ].join('\n'),
      omitted: [],
      fileHashes: { 'src/cart.ts': expect.stringMatching(/^[0-9a-f]{64}$/) as unknown, 'src/coupon.ts': expect.stringMatching(/^[0-9a-f]{64}$/) as unknown },
    });
    expect(await calls()).toEqual([
      { argv: viewArgs('42'), cwd: repo.dir, env: { GH_PROMPT_DISABLED: '1', GH_NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' } },
      { argv: diffArgs('42'), cwd: repo.dir, env: { GH_PROMPT_DISABLED: '1', GH_NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' } },
    ]);
  });

  test.each([
    ['pr 42', '42'],
    ['#42', '42'],
    ['PR#042', '42'],
    ['the pull request #42', '42'],
    ['https://github.com/acme/shop/pull/42', 'https://github.com/acme/shop/pull/42'],
    ['https://github.com/acme/shop/pull/42/files#diff-1', 'https://github.com/acme/shop/pull/42'],
  ])('%s reaches gh as the single argument %s', async (text, target) => {
    const subject = await resolve(text);
    expect([subject.kind, subject.text]).toEqual(['pr', text]);
    expect((await calls()).map((call) => call.argv)).toEqual([viewArgs(target), diffArgs(target)]);
  });

  test('a title with quotes and shell syntax is only text', async () => {
    const subject = await resolve('#42', 'success', { FAKE_GH_TITLE: 'Fix "$(touch pwned)" `id`' });
    expect(subject.description).toBe('PR #42 "Fix \\"$(touch pwned)\\" `id`" (main..coupons)');
    expect(await repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  test('not logged in: a GitError that says to run gh auth login', async () => {
    await expect(resolve('PR #42', 'not-logged-in')).rejects.toThrow(
      new GitError(
        'Cannot read pull request #42, expected gh to be logged in to GitHub: gh says "To get started with GitHub CLI, please run:  gh auth login Alternatively, populate the GH_TOKEN environment variable with a GitHub API authentication token.". Run `gh auth login` (or set GH_TOKEN), and try again.',
      ),
    );
    expect((await calls()).map((call) => call.argv)).toEqual([viewArgs('42')]);
  });

  test('an unknown pull request: a GitError with what gh said', async () => {
    await expect(resolve('PR #999', 'unknown-pr')).rejects.toThrow(
      new GitError(
        'Cannot find pull request #999, expected a pull request of this repository\'s GitHub remote: gh says "GraphQL: Could not resolve to a PullRequest with the number of 999. (repository.pullRequest)". Run `gh pr list --state all` to see them.',
      ),
    );
  });

  test('gh not installed: a GitError that says to install GitHub CLI', async () => {
    const empty = path.join(scratch, 'empty-bin');
    await mkdir(empty);
    await expect(resolveSubject('PR #42', { cwd: repo.dir, exclude: [], env: { ...env('success'), PATH: empty } })).rejects.toThrow(
      new GitError(
        'Cannot read pull request #42, expected the GitHub CLI `gh` on PATH: it is not installed. Install GitHub CLI (https://cli.github.com), run `gh auth login`, and try again.',
      ),
    );
  });

  test('text that is not UTF-8 in the pull request is a one-line note, checked against the fetched blobs', async () => {
    await repo.git('checkout', '-q', 'coupons');
    await writeFile(path.join(repo.dir, 'legacy.txt'), Buffer.from('caf\xe9\n', 'latin1'));
    head = await repo.commit('Latin-1');
    await repo.git('checkout', '-q', 'main');
    // What the real gh prints: the raw bytes of `git diff`.
    const raw = await execa('git', ['diff', '--no-ext-diff', 'main...coupons'], { cwd: repo.dir, encoding: 'buffer' });
    await writeFile(path.join(scratch, 'pr.diff'), raw.stdout);
    const subject = await resolve('PR #42');
    expect(subject.files).toEqual(['legacy.txt', 'src/cart.ts', 'src/coupon.ts']);
    expect(subject.summary.split('\n')[1]).toBe('- legacy.txt (added, +1 -0, not valid UTF-8 text, lines not shown)');
    expect(subject.diff).toContain('Not shown: the file is not valid UTF-8 text (1 line added, 0 removed).\n');
  });
});
