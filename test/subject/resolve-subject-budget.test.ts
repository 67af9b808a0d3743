import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { resolveSubject } from '../../src/subject/resolve-subject.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const lines = (count: number, text: (index: number) => string): string => Array.from({ length: count }, (_, index) => `${text(index)}\n`).join('');

describe('resolveSubject keeps the diff within a budget', () => {
  let repo: GitRepo;
  let sizes: Record<string, number>;

  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/cart.ts': 'export const total = 1;\n', 'README.md': '# Shop\n' });
    await repo.write('src/cart.ts', 'export const total = 2;\nexport const tax = 0.2;\n');
    await repo.write(
      'src/coupon.ts',
      lines(40, (index) => `export const coupon${index} = ${index};`),
    );
    await repo.write('README.md', `# Shop\n\n${lines(30, (index) => `Line ${index} of the guide.`)}`);
    await repo.write(
      'dist/bundle.js',
      lines(6000, (index) => `var generated${index} = "${'x'.repeat(40)}";`),
    );
    await repo.write('package-lock.json', `{\n${lines(2000, (index) => `  "dep-${index}": "1.0.${index}",`)}}\n`);
    await repo.commit('Coupons, built');
    sizes = {};
    for (const file of ['src/cart.ts', 'src/coupon.ts', 'README.md', 'dist/bundle.js', 'package-lock.json']) {
      sizes[file] = Buffer.byteLength(`${await repo.git('diff', '--no-ext-diff', 'HEAD~1', 'HEAD', '--', file)}\n`);
    }
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  test('by default a big generated file is left out, the source kept, and the summary says so', async () => {
    const subject = await resolveSubject('HEAD', { cwd: repo.dir, exclude: [] });
    expect(sizes['dist/bundle.js']).toBeGreaterThan(200_000);
    expect(subject.omitted).toEqual(['dist/bundle.js']);
    expect(subject.files).toEqual(['README.md', 'dist/bundle.js', 'package-lock.json', 'src/cart.ts', 'src/coupon.ts']);
    expect(subject.diff).not.toContain('bundle.js');
    expect(subject.diff).toContain('+export const tax = 0.2;\n');
    expect(subject.diff).toContain('diff --git a/package-lock.json b/package-lock.json\n');
    expect(subject.summary).toBe(
      [
        '5 files changed, +8075 -1 lines:',
        '- README.md (modified, +31 -0)',
        '- dist/bundle.js (added, +6000 -0, diff left out for size)',
        '- package-lock.json (added, +2002 -0)',
        '- src/cart.ts (modified, +2 -1)',
        '- src/coupon.ts (added, +40 -0)',
        '',
        `Left out of the diff: 1 file whose diffs (${sizes['dist/bundle.js']} bytes) did not fit in the 200000-byte budget (--max-diff-bytes) ` +
          'after the files ranked before them (source first, then documentation, then generated, vendored and lock files; larger changes first): ' +
          `dist/bundle.js (generated, vendored or lock file, ${sizes['dist/bundle.js']} bytes). Their line counts are listed above; read them in the repository if they matter.`,
      ].join('\n'),
    );
  });

  test('a small budget keeps the source, largest change first, and leaves docs and lock files out', async () => {
    const budget = (sizes['src/coupon.ts'] ?? 0) + (sizes['src/cart.ts'] ?? 0) + 10;
    const subject = await resolveSubject('HEAD', { cwd: repo.dir, exclude: [], maxDiffBytes: budget });
    expect(subject.omitted).toEqual(['README.md', 'dist/bundle.js', 'package-lock.json']);
    expect(subject.diff).toBe(`${await repo.git('diff', '--no-ext-diff', 'HEAD~1', 'HEAD', '--', 'src')}\n`);
    expect(subject.summary.split('\n').at(-1)).toContain(
      `: README.md (documentation, ${sizes['README.md']} bytes), dist/bundle.js (generated, vendored or lock file, ${sizes['dist/bundle.js']} bytes), package-lock.json (generated, vendored or lock file, ${sizes['package-lock.json']} bytes).`,
    );
  });

  test('a file too big for what is left is skipped, and a smaller one after it still fits', async () => {
    const budget = (sizes['src/cart.ts'] ?? 0) + (sizes['README.md'] ?? 0);
    const subject = await resolveSubject('HEAD', { cwd: repo.dir, exclude: [], maxDiffBytes: budget });
    expect(subject.omitted).toEqual(['dist/bundle.js', 'package-lock.json', 'src/coupon.ts']);
  });

  test('a budget of 0 leaves every diff out but still lists every file; the diff hash does not depend on the budget', async () => {
    const none = await resolveSubject('HEAD', { cwd: repo.dir, exclude: [], maxDiffBytes: 0 });
    const all = await resolveSubject('HEAD', { cwd: repo.dir, exclude: [], maxDiffBytes: 10_000_000 });
    expect([none.diff, none.omitted, none.files]).toEqual(['', all.files, all.files]);
    expect(all.omitted).toEqual([]);
    expect(none.diffSha256).toBe(all.diffSha256);
    expect(none.fileHashes).toEqual(all.fileHashes);
  });

  test.each([-1, 1.5, Number.NaN])('%s bytes is a ConfigError', async (maxDiffBytes) => {
    await expect(resolveSubject('HEAD', { cwd: repo.dir, exclude: [], maxDiffBytes })).rejects.toThrow(
      new ConfigError(`Cannot use \`${maxDiffBytes}\` as the diff budget (--max-diff-bytes), expected a whole number of bytes, 0 or more, e.g. 200000.`),
    );
  });
});
