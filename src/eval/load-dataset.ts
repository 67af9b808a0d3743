import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { plantedDatasetSchema } from './case-schema.js';
import { DatasetError, formatHelp } from './dataset-error.js';
import type { Dataset, DatasetFormat, EvalCase } from './eval-case.js';
import { readGoldenCase } from './read-golden-case.js';
import { readJsonFile } from './read-json-file.js';
import { readPlantedCase } from './read-planted-case.js';

/** The planted format's default when neither the dataset nor a case sets `lineTolerance`: its cases are small files. */
export const plantedDefaultTolerance = 3;

/**
 * The dataset in the folder `dir` (absolute): one case per sub-folder, every case in one format,
 * told by the files it holds (`case.json`: planted; `expected.json` and `diff.patch`: golden-bugs).
 * Folders whose name starts with `.` or `_` are skipped; files beside the cases (a README) too.
 * Every case is read and checked before any debate runs, so a broken one costs nothing.
 */
export async function loadDataset(dir: string): Promise<Dataset> {
  const stats = await stat(dir).catch(() => null);
  if (stats === null)
    throw new DatasetError(
      `Cannot read the dataset \`${dir}\`: there is no such folder. Give the folder of a dataset, or run \`code-debate eval\` without one for the dataset shipped with code-debate. ${formatHelp}`,
    );
  if (!stats.isDirectory()) throw new DatasetError(`Cannot read the dataset \`${dir}\`: it is a file, expected a folder with one folder per case. ${formatHelp}`);
  const folders = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !/^[._]/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  if (folders.length === 0) throw new DatasetError(`The dataset \`${dir}\` holds no case: expected one folder per case. ${formatHelp}`);
  const formats = new Map(folders.map((name) => [name, formatOf(path.join(dir, name))]));
  const unknown = folders.filter((name) => formats.get(name) === null);
  if (unknown.length > 0) {
    throw new DatasetError(
      `The dataset \`${dir}\` has folders that are no case: ${unknown.map((name) => `\`${name}\``).join(', ')} ` +
        `(expected \`case.json\` in each, or \`expected.json\` and \`diff.patch\`). Move them out, or start their names with \`_\`. ${formatHelp}`,
    );
  }
  const used = new Set(formats.values());
  if (used.size > 1)
    throw new DatasetError(`The dataset \`${dir}\` mixes formats (cases with \`case.json\` and cases with \`expected.json\`): keep one format per dataset. ${formatHelp}`);
  const format = [...used][0] as DatasetFormat;
  const settings =
    format === 'planted' && existsSync(path.join(dir, 'dataset.json')) ? await readJsonFile(path.join(dir, 'dataset.json'), plantedDatasetSchema, 'the dataset.json') : {};
  const tolerance = settings.lineTolerance ?? plantedDefaultTolerance;
  const cases: EvalCase[] = [];
  for (const name of folders) {
    const caseDir = path.join(dir, name);
    cases.push(format === 'planted' ? await readPlantedCase(caseDir, name, tolerance) : await readGoldenCase(caseDir, name));
  }
  return { name: settings.name ?? path.basename(dir), format, dir, cases };
}

function formatOf(caseDir: string): DatasetFormat | null {
  if (existsSync(path.join(caseDir, 'case.json'))) return 'planted';
  if (existsSync(path.join(caseDir, 'expected.json')) || existsSync(path.join(caseDir, 'diff.patch'))) return 'golden-bugs';
  return null;
}
