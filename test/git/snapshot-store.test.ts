import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { readSnapshot, storeSnapshot } from '../../src/git/snapshot-store.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const sha = (index: number): string => index.toString(16).padStart(64, '0');

describe('storeSnapshot and readSnapshot', () => {
  let repo: GitRepo;
  let gitDir: string;
  let dir: string;
  beforeEach(async () => {
    repo = await makeGitRepo();
    gitDir = path.join(repo.dir, '.git');
    dir = path.join(gitDir, 'code-debate', 'snapshots');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('round-trips per-file hashes by the diff sha; an unknown sha, a torn file or a bad sha is no snapshot', async () => {
    await storeSnapshot(gitDir, sha(1), { 'a.ts': 'h1', 'dir/b c.ts': 'h2' });
    expect(await readSnapshot(gitDir, sha(1))).toEqual({ 'a.ts': 'h1', 'dir/b c.ts': 'h2' });
    expect(await readSnapshot(gitDir, sha(2))).toBeNull();
    await writeFile(path.join(dir, `${sha(3)}.json`), '{"v":1,"files":');
    expect(await readSnapshot(gitDir, sha(3))).toBeNull();
    expect(await readSnapshot(gitDir, '../../config')).toBeNull();
    await expect(storeSnapshot(gitDir, '../x', {})).rejects.toThrow('Cannot store a snapshot for `../x`, expected a sha256 in hex.');
  });

  test('keeps the 64 newest snapshots', async () => {
    await mkdir(dir, { recursive: true });
    for (let index = 0; index < 64; index += 1) {
      const file = path.join(dir, `${sha(index)}.json`);
      await writeFile(file, '{"v":1,"files":{}}\n');
      await utimes(file, 1_000 + index, 1_000 + index);
    }
    await storeSnapshot(gitDir, sha(100), {});
    const names = await readdir(dir);
    expect(names).toHaveLength(64);
    expect(names).not.toContain(`${sha(0)}.json`);
    expect(names).toContain(`${sha(100)}.json`);
  });

  test('a git directory that cannot be written is no error', async () => {
    await writeFile(path.join(gitDir, 'code-debate'), 'a file where the folder would go');
    await expect(storeSnapshot(gitDir, sha(1), { 'a.ts': 'h' })).resolves.toBeUndefined();
    expect(await readSnapshot(gitDir, sha(1))).toBeNull();
  });
});
