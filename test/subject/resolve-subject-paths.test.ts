import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

describe('resolveSubject for a list of paths', () => {
  let repo: GitRepo;
  let short: string;
  const resolve = (text: string, cwd = repo.dir) => resolveSubject(text, { cwd, exclude: ['reply.md'] });

  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'lib/c.ts': 'c\n', 'reply.md': '# Debate\n', 'docs/guide.md': 'guide\n' });
    short = await repo.git('rev-parse', '--short', 'HEAD');
    await repo.write('src/a.ts', 'a2\n');
    await repo.write('src/b.ts', 'b2\n');
    await repo.write('src/new.ts', 'new\n');
    await repo.write('lib/c.ts', 'c2\n');
    await repo.write('reply.md', '# Debate\n\nround 1\n');
    await repo.git('add', 'src/b.ts');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('files: their working tree changes against HEAD, staged or not, and nothing else', async () => {
    const subject = await resolve('src/a.ts src/b.ts');
    expect([subject.kind, subject.base, subject.head, subject.files]).toEqual(['paths', await repo.git('rev-parse', 'HEAD'), null, ['src/a.ts', 'src/b.ts']]);
    expect(subject.description).toBe(`the working tree in src/a.ts, src/b.ts, untracked files included, against HEAD ${short}`);
    expect(subject.diff).toBe(`${await repo.git('diff', '--no-ext-diff', 'HEAD', '--', 'src/a.ts', 'src/b.ts')}\n`);
  });

  test('a folder, untracked files included, named from a subdirectory', async () => {
    const subject = await resolve('.', path.join(repo.dir, 'src'));
    expect([subject.kind, subject.files]).toEqual(['paths', ['src/a.ts', 'src/b.ts', 'src/new.ts']]);
    expect(subject.description).toBe(`the working tree in src, untracked files included, against HEAD ${short}`);
    const trailing = await resolve('src/ lib');
    expect(trailing.files).toEqual(['lib/c.ts', 'src/a.ts', 'src/b.ts', 'src/new.ts']);
  });

  test('the root names the whole work tree, the debate file still left out', async () => {
    const subject = await resolve('. reply.md');
    expect(subject.files).toEqual(['lib/c.ts', 'src/a.ts', 'src/b.ts', 'src/new.ts']);
    expect(subject.description).toBe(`the working tree in ., reply.md, untracked files included, against HEAD ${short}`);
  });

  test('more than three paths are counted in the description', async () => {
    const subject = await resolve('src/a.ts src/b.ts src/new.ts lib/c.ts docs');
    expect(subject.description).toBe(`the working tree in src/a.ts, src/b.ts, src/new.ts and 2 more, untracked files included, against HEAD ${short}`);
  });

  test('a word that is no path makes the words free text', async () => {
    const subject = await resolve('src/a.ts nope.ts');
    expect(subject.kind).toBe('free-text');
  });

  test('a branch beats a folder of the same name', async () => {
    await repo.git('branch', 'docs');
    const subject = await resolve('docs');
    expect(subject.kind).toBe('commit');
  });

  test('a path that starts with `-` is a path, not an option', async () => {
    await repo.write('-p', 'dash\n');
    const subject = await resolve('-p');
    expect([subject.kind, subject.files]).toEqual(['paths', ['-p']]);
  });

  test('a symbolic link is reviewed as the link, even when it points outside', async () => {
    await symlink('../../outside', path.join(repo.dir, 'link'));
    await writeFile(path.join(repo.dir, '..', 'outside'), 'secret\n');
    const subject = await resolve('link');
    expect([subject.kind, subject.files]).toEqual(['paths', ['link']]);
    expect(subject.diff).toContain('+../../outside\n');
    expect(subject.diff).not.toContain('secret');
  });

  test.each([
    [
      '../outside.txt',
      (dir: string) =>
        `Cannot review the path \`../outside.txt\`, expected a path inside the work tree ${dir}: it resolves to ${path.join(dir, '..', 'outside.txt')}. Name files or folders of this repository.`,
    ],
    [
      'src/a.ts ..',
      (dir: string) => `Cannot review the path \`..\`, expected a path inside the work tree ${dir}: it resolves to ${path.dirname(dir)}. Name files or folders of this repository.`,
    ],
    ['.git/config', () => 'Cannot review the path `.git/config`, expected a path in the work tree: it is inside the git directory. Name files or folders of this repository.'],
  ])('%s is refused', async (text, message) => {
    await writeFile(path.join(repo.dir, '..', 'outside.txt'), 'outside\n');
    await expect(resolve(text)).rejects.toThrow(new ConfigError(message(repo.dir)));
  });
});
