import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { resolveInsideRepo } from '../../src/git/resolve-inside-repo.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

describe('resolveInsideRepo', () => {
  let repo: GitRepo;
  let outside: string;
  beforeEach(async () => {
    repo = await makeGitRepo({ 'docs/guide.md': '# Guide\n' });
    outside = path.join(repo.dir, '..');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('resolves a new file relative to cwd', async () => {
    await expect(resolveInsideRepo(repo.dir, 'reply.md', path.join(repo.dir, 'docs'))).resolves.toBe(path.join(repo.dir, 'docs', 'reply.md'));
  });

  test('resolves an absolute path, and a path in directories not made yet', async () => {
    await expect(resolveInsideRepo(repo.dir, path.join(repo.dir, 'reply.md'), outside)).resolves.toBe(path.join(repo.dir, 'reply.md'));
    await expect(resolveInsideRepo(repo.dir, 'reviews/2024/reply.md', repo.dir)).resolves.toBe(path.join(repo.dir, 'reviews', '2024', 'reply.md'));
  });

  test('follows a symlink that stays inside the work tree', async () => {
    await symlink('docs', path.join(repo.dir, 'notes'));
    await symlink('guide.md', path.join(repo.dir, 'docs', 'current.md'));
    await expect(resolveInsideRepo(repo.dir, 'notes/reply.md', repo.dir)).resolves.toBe(path.join(repo.dir, 'docs', 'reply.md'));
    await expect(resolveInsideRepo(repo.dir, 'notes/current.md', repo.dir)).resolves.toBe(path.join(repo.dir, 'docs', 'guide.md'));
  });

  test('refuses a path outside the work tree', async () => {
    await expect(resolveInsideRepo(repo.dir, '../x.md', repo.dir)).rejects.toThrow(
      new ConfigError(
        `Cannot use \`../x.md\` as the debate file: it resolves to ${path.join(outside, 'x.md')}, outside the work tree ${repo.dir}. Choose a path inside the repository.`,
      ),
    );
  });

  test('refuses a symlinked directory that leads out of the work tree', async () => {
    await mkdir(path.join(outside, 'elsewhere'));
    await symlink(path.join(outside, 'elsewhere'), path.join(repo.dir, 'out'));
    await expect(resolveInsideRepo(repo.dir, 'out/reply.md', repo.dir)).rejects.toThrow(
      `it resolves to ${path.join(outside, 'elsewhere', 'reply.md')}, outside the work tree ${repo.dir}`,
    );
  });

  test('refuses a symlinked file, even a dangling one, that leads out of the work tree', async () => {
    await writeFile(path.join(outside, 'secret.md'), 'x');
    await symlink('../secret.md', path.join(repo.dir, 'reply.md'));
    await symlink('../../not-yet.md', path.join(repo.dir, 'docs', 'dangling.md'));
    await expect(resolveInsideRepo(repo.dir, 'reply.md', repo.dir)).rejects.toThrow(
      `Cannot use \`reply.md\` as the debate file: it resolves to ${path.join(outside, 'secret.md')}, outside`,
    );
    await expect(resolveInsideRepo(repo.dir, 'docs/dangling.md', repo.dir)).rejects.toThrow(`it resolves to ${path.join(outside, 'not-yet.md')}, outside`);
  });

  test('refuses a path inside .git', async () => {
    await expect(resolveInsideRepo(repo.dir, '.git/reply.md', repo.dir)).rejects.toThrow(
      new ConfigError(
        `Cannot use \`.git/reply.md\` as the debate file: it resolves to ${path.join(repo.dir, '.git', 'reply.md')}, inside a git directory. Choose a path in the work tree, e.g. \`reply.md\`.`,
      ),
    );
    await symlink('.git', path.join(repo.dir, 'meta'));
    await expect(resolveInsideRepo(repo.dir, 'meta/HEAD', repo.dir)).rejects.toThrow('inside a git directory');
  });

  test("refuses a path inside a nested repository's .git, in any letter case", async () => {
    await mkdir(path.join(repo.dir, 'vendor', 'lib', '.git'), { recursive: true });
    await expect(resolveInsideRepo(repo.dir, 'vendor/lib/.git/reply.md', repo.dir)).rejects.toThrow('inside a git directory');
    await mkdir(path.join(repo.dir, 'sub', '.GIT'), { recursive: true });
    await expect(resolveInsideRepo(repo.dir, 'sub/.GIT/x.md', repo.dir)).rejects.toThrow('inside a git directory');
  });

  test('refuses a directory, the work tree itself included', async () => {
    await expect(resolveInsideRepo(repo.dir, 'docs', repo.dir)).rejects.toThrow(
      new ConfigError(
        `Cannot use \`docs\` as the debate file: ${path.join(repo.dir, 'docs')} is a directory, expected a file. Move the directory away, or name a Markdown file with --file, e.g. \`reply.md\`.`,
      ),
    );
    await expect(resolveInsideRepo(repo.dir, '.', repo.dir)).rejects.toThrow('is a directory, expected a file');
  });

  test('refuses a symlink loop', async () => {
    await symlink('b.md', path.join(repo.dir, 'a.md'));
    await symlink('a.md', path.join(repo.dir, 'b.md'));
    await expect(resolveInsideRepo(repo.dir, 'a.md', repo.dir)).rejects.toThrow(ConfigError);
    await expect(resolveInsideRepo(repo.dir, 'a.md', repo.dir)).rejects.toThrow('expected a path without a symlink loop');
  });
});
