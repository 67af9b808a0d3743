import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/eval/dataset-error.js';
import { loadDataset } from '../../src/eval/load-dataset.js';
import { writeGoldenDataset, writePlantedDataset, type PlantedCaseFiles, type TempDataset } from '../helpers/eval-dataset.js';

const datasets: TempDataset[] = [];
afterEach(async () => {
  for (const dataset of datasets.splice(0)) await dataset.cleanup();
});
const planted = async (cases: Record<string, PlantedCaseFiles>, settings?: unknown) => {
  const dataset = await writePlantedDataset(cases, settings);
  datasets.push(dataset);
  return dataset;
};
const golden = async (cases: Parameters<typeof writeGoldenDataset>[0]) => {
  const dataset = await writeGoldenDataset(cases);
  datasets.push(dataset);
  return dataset;
};
/** The DatasetError loading `dir` fails with: its message, `shown` (the dataset's folder) written as <dir>. */
const failure = async (dir: string, shown = dir): Promise<string> => {
  const error = await loadDataset(dir).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DatasetError);
  return (error as Error).message.split(shown).join('<dir>');
};

const app = { 'src/app.js': 'export const a = 1;\n' };
const changed = { 'src/app.js': 'export const a = 1;\nexport const b = a + 1;\nexport const c = b * 2;\n' };
const oneBug = (finding: Record<string, unknown> = {}): PlantedCaseFiles => ({
  spec: { title: 'Adds b', language: 'javascript', expected: [{ file: 'src/app.js', line: 2, what: 'b is wrong', ...finding }] },
  before: app,
  after: changed,
});

describe('loadDataset, planted format', () => {
  it('reads every case in name order, each finding with its tolerance from itself, its case, the dataset or the default of 3', async () => {
    const dataset = await planted(
      {
        'b-clean': { spec: { title: 'Adds c', expected: [] }, before: app, after: changed },
        'a-bug': {
          spec: {
            title: 'Adds b',
            language: 'javascript',
            lineTolerance: 1,
            expected: [
              { file: 'src/app.js', line: 2, what: 'b is wrong', kind: 'off-by-one', minSeverity: 'high', keyword: 'b' },
              { file: 'src/app.js', line: 2, endLine: 3, lineTolerance: 0, what: 'c too' },
            ],
          },
          before: app,
          after: changed,
        },
        'c-new-repo': { spec: { title: 'A first file', expected: [{ file: 'src/app.js', line: 1, what: 'a' }] }, after: app },
      },
      { name: 'mine', lineTolerance: 5 },
    );
    const loaded = await loadDataset(dataset.dir);
    expect(loaded).toMatchObject({ name: 'mine', format: 'planted', dir: dataset.dir });
    expect(loaded.cases.map((evalCase) => [evalCase.id, evalCase.title, evalCase.language])).toEqual([
      ['a-bug', 'Adds b', 'javascript'],
      ['b-clean', 'Adds c', null],
      ['c-new-repo', 'A first file', null],
    ]);
    expect(loaded.cases[0]?.expected).toEqual([
      { file: 'src/app.js', line: 2, endLine: 2, tolerance: 1, minSeverity: 'high', keyword: 'b', kind: 'off-by-one', what: 'b is wrong' },
      { file: 'src/app.js', line: 2, endLine: 3, tolerance: 0, minSeverity: null, keyword: null, kind: null, what: 'c too' },
    ]);
    expect(loaded.cases[1]?.expected).toEqual([]);
    expect(loaded.cases[2]?.expected[0]?.tolerance).toBe(5);
    expect([...(loaded.cases[0]?.after ?? new Map())].map(([file, bytes]) => [file, bytes.toString()])).toEqual([['src/app.js', changed['src/app.js']]]);
    expect(loaded.cases[2]?.before.size).toBe(0);
    // Without dataset.json: the folder's name, and a tolerance of 3.
    const plain = await planted({ one: oneBug() });
    expect(await loadDataset(plain.dir)).toMatchObject({ name: 'dataset', cases: [{ id: 'one', expected: [{ tolerance: 3 }] }] });
  });

  it('skips the files beside the cases and the folders whose name starts with . or _', async () => {
    const dataset = await planted({ one: oneBug(), _drafts: { spec: 'not json' }, '.cache': { spec: 'not json' } });
    await writeFile(path.join(dataset.dir, 'README.md'), '# notes\n');
    expect((await loadDataset(dataset.dir)).cases.map((evalCase) => evalCase.id)).toEqual(['one']);
  });

  it('refuses a dataset that is missing, a file, empty, has a folder that is no case, or mixes formats, saying what to do', async () => {
    const dataset = await planted({});
    expect(await failure(path.join(dataset.dir, 'nope'), dataset.dir)).toBe(
      'Cannot read the dataset `<dir>/nope`: there is no such folder. Give the folder of a dataset, or run `code-debate eval` without one for the dataset shipped with code-debate. See docs/eval.md for the dataset formats.',
    );
    await writeFile(path.join(dataset.scratch, 'file.json'), '{}');
    expect(await failure(path.join(dataset.scratch, 'file.json'))).toContain('it is a file, expected a folder with one folder per case.');
    expect(await failure(dataset.dir)).toBe('The dataset `<dir>` holds no case: expected one folder per case. See docs/eval.md for the dataset formats.');
    const noCase = await planted({ one: oneBug() });
    await mkdir(path.join(noCase.dir, 'docs'));
    expect(await failure(noCase.dir)).toBe(
      'The dataset `<dir>` has folders that are no case: `docs` (expected `case.json` in each, or `expected.json` and `diff.patch`). Move them out, or start their names with `_`. See docs/eval.md for the dataset formats.',
    );
    const mixed = await planted({ one: oneBug() });
    await mkdir(path.join(mixed.dir, 'two'));
    await writeFile(path.join(mixed.dir, 'two', 'expected.json'), '{}');
    expect(await failure(mixed.dir)).toContain('mixes formats');
  });

  it('refuses a case.json that is not JSON, or breaks the format, naming each bad field', async () => {
    const broken = await planted({ one: { spec: '{ "title": "x", }', after: app } });
    expect(await failure(broken.dir)).toMatch(/^Cannot read the case\.json of case `one` at `<dir>\/one\/case\.json`, expected valid JSON \(no comments, no trailing commas\): /);
    const bad = await planted({
      one: {
        spec: {
          title: '',
          expected: [
            { file: 'src/app.js', line: 0, what: 'x', minSeverty: 'high' },
            { file: 'a', line: 1, what: 'y', minSeverity: 'huge' },
          ],
        },
        after: app,
      },
    });
    expect(await failure(bad.dir)).toBe(
      [
        'The case.json of case `one` at `<dir>/one/case.json` does not follow the format; fix these fields:',
        '  - title: Too small: expected string to have >=1 characters',
        '  - expected[0].line: Too small: expected number to be >=1',
        '  - expected[0]: Unrecognized key: "minSeverty"',
        '  - expected[1].minSeverity: Invalid option: expected one of "critical"|"high"|"medium"|"low"|"nit"',
        'See docs/eval.md for the dataset formats.',
      ].join('\n'),
    );
    const settings = await planted({ one: oneBug() }, { lineTolerance: -1 });
    expect(await failure(settings.dir)).toContain('The dataset.json at `<dir>/dataset.json` does not follow the format; fix these fields:\n  - lineTolerance: Too small');
  });

  it('refuses a finding outside the change’s files or lines, and a case with no change', async () => {
    expect(await failure((await planted({ one: oneBug({ file: 'src/other.js' }) })).dir)).toBe(
      'case `one`: expected[0] names `src/other.js`, which is not a file of `after/`; expected one of: src/app.js.',
    );
    expect(await failure((await planted({ one: oneBug({ line: 4 }) })).dir)).toBe('case `one`: expected[0]: `src/app.js` has 3 lines after the change, so line 4 is not in it.');
    expect(await failure((await planted({ one: oneBug({ line: 3, endLine: 2 }) })).dir)).toBe('case `one`: expected[0]: endLine 2 is before line 3: expected endLine ≥ line.');
    expect(await failure((await planted({ one: { ...oneBug(), after: app } })).dir)).toBe(
      'case `one`: `after/` holds the same files as `before/`, so there is no change to review: change a file in `after/`.',
    );
    expect(await failure((await planted({ one: { ...oneBug(), after: {} } })).dir)).toBe(
      'case `one` has no files in `<dir>/one/after`: expected the whole repository after the change there. See docs/eval.md for the dataset formats.',
    );
  });
});

// A case written from CodeAgora's documented golden-bugs format, not taken from its set.
const goldenPatch = [
  'diff --git a/src/limits.ts b/src/limits.ts',
  'index 1111111..2222222 100644',
  '--- a/src/limits.ts',
  '+++ b/src/limits.ts',
  '@@ -20,3 +20,3 @@ export function within(value: number, max: number): boolean {',
  ' export function clamp(value: number, max: number): number {',
  '-  return Math.min(value, max);',
  '+  return Math.min(value, max - 1);',
  ' }',
  '',
].join('\n');
const goldenExpected = {
  id: 'clamp-off-by-one',
  title: 'clamp stops one short of max',
  source: 'written for this test',
  category: 'hotfix',
  expectedFindings: [{ filePath: 'src/limits.ts', lineRange: [21, 21], minSeverity: 'WARNING', rationale: 'max - 1 excludes max', keyword: 'max' }],
};

describe('loadDataset, golden-bugs format', () => {
  it('reads expected.json and diff.patch: the repository as the patch shows it, the severities on code-debate’s scale, a tolerance of 10 by default', async () => {
    const dataset = await golden({
      'clamp-off-by-one': { expected: goldenExpected, patch: goldenPatch },
      'docs-only': { expected: { id: 'docs-only', title: 'A docs change', source: 's', category: 'fp-regression', expectedFindings: [] }, patch: goldenPatch },
      rated: {
        expected: { ...goldenExpected, expectedFindings: [{ ...goldenExpected.expectedFindings[0], minSeverity: 'HARSHLY_CRITICAL', lineTolerance: 2 }] },
        patch: goldenPatch,
      },
    });
    const loaded = await loadDataset(dataset.dir);
    expect(loaded.format).toBe('golden-bugs');
    expect(loaded.cases.map((evalCase) => [evalCase.id, evalCase.title, evalCase.language, evalCase.expected.length])).toEqual([
      ['clamp-off-by-one', 'clamp stops one short of max', 'typescript', 1],
      ['docs-only', 'A docs change', 'typescript', 0],
      ['rated', 'clamp stops one short of max', 'typescript', 1],
    ]);
    expect(loaded.cases[0]?.expected).toEqual([
      { file: 'src/limits.ts', line: 21, endLine: 21, tolerance: 10, minSeverity: 'medium', keyword: 'max', kind: 'hotfix', what: 'max - 1 excludes max' },
    ]);
    expect(loaded.cases[2]?.expected[0]).toMatchObject({ tolerance: 2, minSeverity: 'critical' });
    expect(loaded.cases[0]?.after.get('src/limits.ts')?.toString().split('\n')[20]).toBe('  return Math.min(value, max - 1);');
  });

  it('refuses a case without its patch, with a finding in a file the patch does not touch, or a severity it does not know', async () => {
    expect(await failure((await golden({ one: { expected: goldenExpected, patch: null } })).dir)).toMatch(
      /^Cannot read the diff\.patch of case `one` at `<dir>\/one\/diff\.patch`: ENOENT/,
    );
    const elsewhere = { ...goldenExpected, expectedFindings: [{ ...goldenExpected.expectedFindings[0], filePath: 'src/other.ts' }] };
    expect(await failure((await golden({ one: { expected: elsewhere, patch: goldenPatch } })).dir)).toBe(
      'case `one`: expectedFindings[0] names `src/other.ts`, which diff.patch leaves no file at; expected one of: src/limits.ts.',
    );
    const unrated = { ...goldenExpected, expectedFindings: [{ ...goldenExpected.expectedFindings[0], minSeverity: 'high' }] };
    expect(await failure((await golden({ one: { expected: unrated, patch: goldenPatch } })).dir)).toContain(
      '  - expectedFindings[0].minSeverity: Invalid option: expected one of "HARSHLY_CRITICAL"|"CRITICAL"|"WARNING"|"SUGGESTION"',
    );
    expect(await failure((await golden({ one: { expected: goldenExpected, patch: 'no diff here\n' } })).dir)).toBe(
      'Cannot use the diff.patch of case `one` at `<dir>/one/diff.patch`: it holds no file change (expected a unified diff: `--- a/<file>`, `+++ b/<file>` and `@@` hunks).',
    );
  });
});
