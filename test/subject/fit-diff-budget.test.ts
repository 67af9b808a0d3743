import { describe, expect, test } from 'vitest';
import { classifyChangeRisk } from '../../src/subject/classify-change-risk.js';
import { fitDiffBudget, rankByRisk, type ShownFile } from '../../src/subject/fit-diff-budget.js';
import { fileDiff } from '../git/file-diff-fixture.js';

const shown = (path: string, lines: number, bytes: number): ShownFile => {
  const file = fileDiff(path, { added: lines, patch: 'x'.repeat(bytes) });
  return { file, nonUtf8: false, patch: file.patch };
};
const paths = (files: Iterable<ShownFile>): string[] => [...files].map((each) => each.file.path);

describe('classifyChangeRisk', () => {
  test.each([
    ['src/cart.ts', 'source'],
    ['test/cart.test.ts', 'source'],
    ['package.json', 'source'],
    ['requirements.txt', 'source'],
    ['CMakeLists.txt', 'source'],
    ['Dockerfile', 'source'],
    ['README.md', 'docs'],
    ['docs/setup.html', 'docs'],
    ['LICENSE', 'docs'],
    ['CHANGELOG.md', 'docs'],
    ['notes.txt', 'docs'],
    ['package-lock.json', 'generated'],
    ['web/pnpm-lock.yaml', 'generated'],
    ['Cargo.lock', 'generated'],
    ['go.sum', 'generated'],
    ['dist/app.js', 'generated'],
    ['vendor/lib/x.go', 'generated'],
    ['static/app.min.js', 'generated'],
    ['src/__snapshots__/cart.test.ts.snap', 'generated'],
    ['api/user.pb.go', 'generated'],
    ['docs/vendor/README.md', 'generated'],
  ])('%s is %s', (file, tier) => {
    expect(classifyChangeRisk(file)).toBe(tier);
  });
});

describe('rankByRisk and fitDiffBudget', () => {
  const files = [
    shown('README.md', 50, 500),
    shown('package-lock.json', 900, 9000),
    shown('src/small.ts', 2, 100),
    shown('src/big.ts', 40, 2000),
    shown('src/same-lines.ts', 2, 300),
  ];

  test('ranks source before docs before generated, more lines then more bytes first', () => {
    expect(paths(rankByRisk(files))).toEqual(['src/big.ts', 'src/same-lines.ts', 'src/small.ts', 'README.md', 'package-lock.json']);
  });

  test('takes files in that order while they fit, skipping one too big for what is left', () => {
    expect(paths(fitDiffBudget(files, 100_000))).toEqual(paths(rankByRisk(files)));
    expect(paths(fitDiffBudget(files, 2500))).toEqual(['src/big.ts', 'src/same-lines.ts', 'src/small.ts']);
    expect(paths(fitDiffBudget(files, 2600))).toEqual(['src/big.ts', 'src/same-lines.ts', 'src/small.ts']);
    expect(paths(fitDiffBudget(files, 1000))).toEqual(['src/same-lines.ts', 'src/small.ts', 'README.md']);
    expect(paths(fitDiffBudget(files, 0))).toEqual([]);
  });

  test('counts bytes of UTF-8, not characters', () => {
    const wide: ShownFile = { ...shown('src/ü.ts', 1, 0), patch: 'ü'.repeat(10) };
    expect(paths(fitDiffBudget([wide], 19))).toEqual([]);
    expect(paths(fitDiffBudget([wide], 20))).toEqual(['src/ü.ts']);
  });
});
