import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createExclusive } from '../../../src/session/claims/create-exclusive.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('exclusive');

describe('createExclusive', () => {
  it('creates an absent file with the whole content', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'reviewer.json');
    expect(await createExclusive(file, '{"pid":1}')).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('{"pid":1}');
    expect(await readdir(dir)).toEqual(['reviewer.json']);
  });

  it('returns false and leaves an existing file as it was', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'reviewer.json');
    await writeFile(file, 'first');
    expect(await createExclusive(file, 'second')).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['reviewer.json']);
  });

  it('of 50 concurrent calls on one path exactly one wins, its content whole, no temp file left', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'lock');
    const contents = Array.from({ length: 50 }, (_, i) => `writer ${i} `.repeat(2_000));
    const results = await Promise.all(contents.map((content) => createExclusive(file, content)));
    const winners = results.flatMap((won, i) => (won ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(await readFile(file, 'utf8')).toBe(contents[winners[0]!]);
    expect(await readdir(dir)).toEqual(['lock']);
  });

  it('fails on a directory that does not exist, leaving nothing behind', async () => {
    const dir = await tempDir();
    await expect(createExclusive(path.join(dir, 'missing', 'lock'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });
});
