import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openGit } from '../../src/git/run-git.js';
import { isConfiguredRemote, planPushLine } from '../../src/prepush/plan-push-ranges.js';
import type { PushLine } from '../../src/prepush/read-push-lines.js';
import { makeGitRepo, runGit, type GitRepo } from '../helpers/git-repo.js';

let repo: GitRepo;
let remote: string;

beforeEach(async () => {
  repo = await makeGitRepo({ 'a.txt': 'a\n' });
  remote = path.join(path.dirname(repo.dir), 'remote.git');
  await runGit(path.dirname(repo.dir), 'init', '-q', '--bare', remote);
  await repo.git('remote', 'add', 'origin', remote);
});
afterEach(async () => {
  await repo.cleanup();
});

const branch = (name: string, localSha: string, remoteSha: string | null = null): PushLine => ({
  localRef: `refs/heads/${name}`,
  localSha,
  remoteRef: `refs/heads/${name}`,
  remoteSha,
});

async function plan(line: PushLine, remoteName: string | null = 'origin') {
  return planPushLine(openGit(repo.dir), line, remoteName);
}

async function commitFile(file: string, text: string, message: string): Promise<string> {
  await repo.write(file, text);
  return repo.commit(message);
}

describe('planPushLine', () => {
  test('a deletion has nothing to debate', async () => {
    const line: PushLine = { localRef: '(delete)', localSha: null, remoteRef: 'refs/heads/gone', remoteSha: await repo.git('rev-parse', 'HEAD') };
    expect(await plan(line)).toEqual({ line, action: 'skip', reason: 'a deletion: nothing to debate' });
  });

  test('the first push of a one-commit history debates that root commit against the empty tree', async () => {
    const root = await repo.git('rev-parse', 'HEAD');
    const line = branch('main', root);
    expect(await plan(line)).toEqual({ line, action: 'debate', ranges: [{ subject: `commit ${root}`, base: null, head: root, commits: 1 }], commits: [root], head: root });
  });

  test('a longer new history: the root commit, then everything after it', async () => {
    const root = await repo.git('rev-parse', 'HEAD');
    const middle = await commitFile('b.txt', 'b\n', 'b');
    const head = await commitFile('c.txt', 'c\n', 'c');
    expect(await plan(branch('main', head))).toMatchObject({
      action: 'debate',
      commits: [root, middle, head],
      head,
      ranges: [
        { subject: `commit ${root}`, base: null, head: root, commits: 1 },
        { subject: `${root}..${head}`, base: root, head, commits: 2 },
      ],
    });
  });

  test('a new branch: the commits no remote-tracking ref of the remote has, from where they fork', async () => {
    const main = await repo.git('rev-parse', 'HEAD');
    await repo.git('push', '-q', 'origin', 'main');
    await repo.git('checkout', '-q', '-b', 'feature');
    await commitFile('b.txt', 'b\n', 'b');
    const head = await commitFile('c.txt', 'c\n', 'c');
    expect(await plan(branch('feature', head))).toMatchObject({ action: 'debate', ranges: [{ subject: `${main}..${head}`, base: main, head, commits: 2 }] });
  });

  test('a fast-forward: from what the remote has to the pushed commit', async () => {
    const before = await repo.git('rev-parse', 'HEAD');
    await repo.git('push', '-q', 'origin', 'main');
    const head = await commitFile('b.txt', 'b\n', 'b');
    expect(await plan(branch('main', head, before))).toMatchObject({ action: 'debate', ranges: [{ subject: `${before}..${head}`, base: before, head, commits: 1 }] });
  });

  test('the remote tip counts as on the remote even when the push names it by URL (no remote-tracking ref)', async () => {
    const before = await repo.git('rev-parse', 'HEAD');
    await repo.git('push', '-q', remote, 'main');
    const head = await commitFile('b.txt', 'b\n', 'b');
    expect(await plan(branch('main', head, before), null)).toMatchObject({ action: 'debate', ranges: [{ subject: `${before}..${head}`, commits: 1 }] });
  });

  test('a force push after an amend debates the amended commit from the fork point, not the difference between the two tips', async () => {
    const main = await repo.git('rev-parse', 'HEAD');
    await repo.git('push', '-q', 'origin', 'main');
    await repo.git('checkout', '-q', '-b', 'feature');
    const old = await commitFile('b.txt', 'b\n', 'b');
    await repo.git('push', '-q', 'origin', 'feature');
    await repo.write('b.txt', 'b, amended\n');
    await repo.git('add', '-A');
    await repo.git('commit', '-q', '--amend', '-m', 'b, amended');
    const head = await repo.git('rev-parse', 'HEAD');
    expect(await plan(branch('feature', head, old))).toMatchObject({ action: 'debate', ranges: [{ subject: `${main}..${head}`, base: main, head, commits: 1 }] });
  });

  test('a force push after a rebase onto the new main debates only the rebased commit', async () => {
    await repo.git('push', '-q', 'origin', 'main');
    await repo.git('checkout', '-q', '-b', 'feature');
    const old = await commitFile('b.txt', 'b\n', 'b');
    await repo.git('push', '-q', 'origin', 'feature');
    await repo.git('checkout', '-q', 'main');
    const newMain = await commitFile('m.txt', 'm\n', 'm');
    await repo.git('push', '-q', 'origin', 'main');
    await repo.git('checkout', '-q', 'feature');
    await repo.git('rebase', '-q', 'main');
    const head = await repo.git('rev-parse', 'HEAD');
    expect(await plan(branch('feature', head, old))).toMatchObject({ action: 'debate', ranges: [{ subject: `${newMain}..${head}`, base: newMain, commits: 1 }] });
  });

  test('a force push over commits this clone never saw: the remote-tracking refs say what the remote has', async () => {
    const main = await repo.git('rev-parse', 'HEAD');
    await repo.git('push', '-q', 'origin', 'main');
    await repo.git('checkout', '-q', '-b', 'feature');
    const head = await commitFile('b.txt', 'b\n', 'b');
    const unknown = 'f'.repeat(40);
    expect(await plan(branch('feature', head, unknown))).toMatchObject({ action: 'debate', ranges: [{ subject: `${main}..${head}`, base: main, commits: 1 }] });
  });

  test('after merging the remote main into a branch, the diff starts at the merged tip, as a pull request shows it', async () => {
    await repo.git('push', '-q', 'origin', 'main');
    await repo.git('checkout', '-q', '-b', 'feature');
    await commitFile('b.txt', 'b\n', 'b');
    await repo.git('checkout', '-q', 'main');
    const newMain = await commitFile('m.txt', 'm\n', 'm');
    await repo.git('push', '-q', 'origin', 'main');
    await repo.git('checkout', '-q', 'feature');
    await repo.git('merge', '-q', '--no-edit', 'main');
    const head = await repo.git('rev-parse', 'HEAD');
    expect(await plan(branch('feature', head))).toMatchObject({ action: 'debate', ranges: [{ subject: `${newMain}..${head}`, base: newMain, head, commits: 2 }] });
  });

  test('a tag on a commit the remote has, the same commits under another name, and a rewind have nothing to debate', async () => {
    const first = await repo.git('rev-parse', 'HEAD');
    const head = await commitFile('b.txt', 'b\n', 'b');
    await repo.git('push', '-q', 'origin', 'main');
    await repo.git('tag', '-a', '-m', 'v1', 'v1', head);
    const tagObject = await repo.git('rev-parse', 'v1');
    const tag: PushLine = { localRef: 'refs/tags/v1', localSha: tagObject, remoteRef: 'refs/tags/v1', remoteSha: null };
    const reason = `${head.slice(0, 7)} and every commit before it are on origin already: nothing to debate`;
    expect(await plan(tag)).toEqual({ line: tag, action: 'skip', reason });
    expect(await plan({ ...branch('copy', head), localRef: 'refs/heads/main' })).toMatchObject({ action: 'skip', reason });
    expect(await plan(branch('main', first, head))).toMatchObject({
      action: 'skip',
      reason: `${first.slice(0, 7)} and every commit before it are on origin already: nothing to debate`,
    });
  });

  test('an annotated tag on a new commit is debated like a branch, peeled to its commit', async () => {
    const main = await repo.git('rev-parse', 'HEAD');
    await repo.git('push', '-q', 'origin', 'main');
    const head = await commitFile('b.txt', 'b\n', 'b');
    await repo.git('tag', '-a', '-m', 'v2', 'v2');
    const line: PushLine = { localRef: 'refs/tags/v2', localSha: await repo.git('rev-parse', 'v2'), remoteRef: 'refs/tags/v2', remoteSha: null };
    expect(await plan(line)).toMatchObject({ action: 'debate', ranges: [{ subject: `${main}..${head}`, head, commits: 1 }] });
  });

  test('a tag on a tree is not a commit: nothing to debate', async () => {
    const tree = await repo.git('rev-parse', 'HEAD^{tree}');
    await repo.git('tag', 'tree-tag', tree);
    const line: PushLine = { localRef: 'refs/tags/tree-tag', localSha: tree, remoteRef: 'refs/tags/tree-tag', remoteSha: null };
    expect(await plan(line)).toEqual({ line, action: 'skip', reason: `refs/tags/tree-tag points at ${tree.slice(0, 7)}, not a commit: nothing to debate` });
  });
});

describe('isConfiguredRemote', () => {
  test('a remote name is configured; the URL git passes for a push to a path is not', async () => {
    const git = openGit(repo.dir);
    expect(await isConfiguredRemote(git, 'origin')).toBe(true);
    expect(await isConfiguredRemote(git, remote)).toBe(false);
  });
});
