import path from 'node:path';
import { plantedCaseSchema } from './case-schema.js';
import { DatasetError, formatHelp } from './dataset-error.js';
import type { EvalCase, ExpectedFinding, FileTree } from './eval-case.js';
import { readFileTree } from './read-file-tree.js';
import { readJsonFile } from './read-json-file.js';
import type { Reproduction } from '../protocol/reproduction.js';

/**
 * One case of the planted format: `case.json` (what to find), `before/` (the repository before
 * the change; absent when the change adds everything) and `after/` (the whole repository after
 * it). Each expected finding must name a file of `after/` and lines it has.
 */
export async function readPlantedCase(dir: string, id: string, datasetTolerance: number): Promise<EvalCase> {
  const label = `case \`${id}\``;
  const spec = await readJsonFile(path.join(dir, 'case.json'), plantedCaseSchema, `the case.json of ${label}`);
  const before = await readFileTree(path.join(dir, 'before'), label);
  const after = await readFileTree(path.join(dir, 'after'), label);
  if (after.size === 0) throw new DatasetError(`${label} has no files in \`${path.join(dir, 'after')}\`: expected the whole repository after the change there. ${formatHelp}`);
  if (sameTree(before, after)) throw new DatasetError(`${label}: \`after/\` holds the same files as \`before/\`, so there is no change to review: change a file in \`after/\`.`);
  const tolerance = spec.lineTolerance ?? datasetTolerance;
  const expected = spec.expected.map((finding, index): ExpectedFinding => {
    const where = `${label}: expected[${index}]`;
    const content = after.get(finding.file);
    if (content === undefined) {
      throw new DatasetError(`${where} names \`${finding.file}\`, which is not a file of \`after/\`; expected one of: ${[...after.keys()].join(', ')}.`);
    }
    const endLine = finding.endLine ?? finding.line;
    const lines = countLines(content);
    if (endLine < finding.line) throw new DatasetError(`${where}: endLine ${endLine} is before line ${finding.line}: expected endLine ≥ line.`);
    if (endLine > lines) throw new DatasetError(`${where}: \`${finding.file}\` has ${lines} lines after the change, so line ${endLine} is not in it.`);
    return {
      file: finding.file,
      line: finding.line,
      endLine,
      tolerance: finding.lineTolerance ?? tolerance,
      minSeverity: finding.minSeverity ?? null,
      keyword: finding.keyword ?? null,
      kind: finding.kind ?? null,
      what: finding.what,
    };
  });
  const reproduction = spec.reproduction === undefined ? null : await readReproduction(dir, spec.reproduction.command, label);
  return { id, title: spec.title, language: spec.language ?? null, before, after, expected, ...(reproduction === null ? {} : { reproduction }) };
}

/** The case's `reproduction/` folder, its files to add, with the command case.json gives. */
async function readReproduction(dir: string, command: string, label: string): Promise<Reproduction> {
  const files = await readFileTree(path.join(dir, 'reproduction'), label);
  if (files.size === 0) throw new DatasetError(`${label}: case.json gives a reproduction, and \`${path.join(dir, 'reproduction')}\` holds no file: put the test it runs there.`);
  return { command, files: [...files].map(([file, bytes]) => ({ path: file, content: bytes.toString('utf8') })) };
}

function sameTree(a: FileTree, b: FileTree): boolean {
  return a.size === b.size && [...a].every(([file, bytes]) => b.get(file)?.equals(bytes) === true);
}

/** Lines as an editor numbers them: a last line without its newline counts. */
function countLines(content: Buffer): number {
  const text = content.toString('utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
