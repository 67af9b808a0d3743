import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Severity } from '../protocol/document.js';
import { goldenCaseSchema, type goldenSeverities } from './case-schema.js';
import { DatasetError, formatHelp } from './dataset-error.js';
import type { EvalCase, ExpectedFinding } from './eval-case.js';
import { patchImages } from './patch-images.js';
import { readJsonFile } from './read-json-file.js';

/** The golden-bugs default when a finding gives no `lineTolerance`, as that format's schema sets it. */
export const goldenDefaultTolerance = 10;

/** The golden-bugs scale, most severe first, on code-debate's. */
const severityOf: Record<(typeof goldenSeverities)[number], Severity> = {
  HARSHLY_CRITICAL: 'critical',
  CRITICAL: 'high',
  WARNING: 'medium',
  SUGGESTION: 'low',
};

/**
 * One case of CodeAgora's golden-bugs layout: `expected.json` (its `expectedFindings`, an empty
 * list for a clean change) and `diff.patch`. The repository is what the patch shows of it (see
 * patchImages); `lineRange` is on the patch's new side, as that format says.
 */
export async function readGoldenCase(dir: string, id: string): Promise<EvalCase> {
  const label = `case \`${id}\``;
  const spec = await readJsonFile(path.join(dir, 'expected.json'), goldenCaseSchema, `the expected.json of ${label}`);
  const patchFile = path.join(dir, 'diff.patch');
  const patch = await readFile(patchFile, 'utf8').catch((error: unknown) => {
    throw new DatasetError(`Cannot read the diff.patch of ${label} at \`${patchFile}\`: ${(error as Error).message}. ${formatHelp}`, { cause: error });
  });
  const images = patchImages(patch);
  if (!images.ok) throw new DatasetError(`Cannot use the diff.patch of ${label} at \`${patchFile}\`: ${images.problem}.`);
  const expected = spec.expectedFindings.map((finding, index): ExpectedFinding => {
    const file = finding.filePath.replace(/\\/g, '/').replace(/^\.\//, '');
    if (!images.after.has(file)) {
      throw new DatasetError(
        `${label}: expectedFindings[${index}] names \`${finding.filePath}\`, which diff.patch leaves no file at; expected one of: ${[...images.after.keys()].join(', ')}.`,
      );
    }
    const [line, endLine] = finding.lineRange;
    if (endLine < line) throw new DatasetError(`${label}: expectedFindings[${index}].lineRange [${line}, ${endLine}] ends before it starts.`);
    return {
      file,
      line,
      endLine,
      tolerance: finding.lineTolerance ?? goldenDefaultTolerance,
      minSeverity: severityOf[finding.minSeverity],
      keyword: finding.keyword ?? null,
      kind: spec.category ?? null,
      what: finding.rationale,
    };
  });
  return { id, title: spec.title, language: languageOf([...images.after.keys(), ...images.before.keys()]), before: images.before, after: images.after, expected };
}

const languages: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  rb: 'ruby',
};

/** The language of the first file with a known extension: that format does not say. */
function languageOf(files: readonly string[]): string | null {
  for (const file of files) {
    const language = languages[file.split('.').at(-1) ?? ''];
    if (language !== undefined) return language;
  }
  return null;
}
