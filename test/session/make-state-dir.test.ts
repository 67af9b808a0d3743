import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeStateDir } from '../../src/make-state-dir.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('state-dir');

describe('makeStateDir', () => {
  it('creates the folders between the git directory and the one asked for', async () => {
    const gitDir = path.join(await tempDir(), '.git');
    await mkdir(gitDir);
    const dir = path.join(gitDir, 'code-debate', 'reply.md-1234', 'recovered');
    await makeStateDir(gitDir, dir);
    expect((await stat(dir)).isDirectory()).toBe(true);
    await makeStateDir(gitDir, dir);
    expect(await readdir(path.join(gitDir, 'code-debate', 'reply.md-1234'))).toEqual(['recovered']);
  });

  it('fails with ENOENT and creates nothing once the git directory is gone, so a removed repository stays removed', async () => {
    const root = await tempDir();
    const gitDir = path.join(root, 'repo', '.git');
    await mkdir(gitDir, { recursive: true });
    await rm(path.join(root, 'repo'), { recursive: true });
    await expect(makeStateDir(gitDir, path.join(gitDir, 'code-debate', 'reply.md-1234'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses a folder outside the git directory', async () => {
    const root = await tempDir();
    await expect(makeStateDir(path.join(root, '.git'), path.join(root, 'elsewhere'))).rejects.toThrow(/is not inside/);
  });
});
