import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const caseAgentPath = fileURLToPath(new URL('../fixtures/agents/case-agent.mjs', import.meta.url));

/** One case of the planted format as files: `case.json` (written as given, or as text when a string), `before/` and `after/`. */
export interface PlantedCaseFiles {
  spec: unknown;
  before?: Record<string, string>;
  after?: Record<string, string>;
}

export interface TempDataset {
  /** The dataset's folder; its parent is a private temp directory, removed by `cleanup`. */
  dir: string;
  /** Where files beside the dataset may go (agent scripts, logs, reports). */
  scratch: string;
  cleanup(): Promise<void>;
}

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
}

async function tempDataset(): Promise<TempDataset> {
  const parent = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-dataset-')));
  const dir = path.join(parent, 'dataset');
  const scratch = path.join(parent, 'scratch');
  await mkdir(dir);
  await mkdir(scratch);
  return { dir, scratch, cleanup: () => rm(parent, { recursive: true, force: true }) };
}

/** A planted-format dataset in a fresh temp folder, with `dataset.json` when `settings` is given. */
export async function writePlantedDataset(cases: Record<string, PlantedCaseFiles>, settings?: unknown): Promise<TempDataset> {
  const dataset = await tempDataset();
  if (settings !== undefined) await writeFile(path.join(dataset.dir, 'dataset.json'), JSON.stringify(settings));
  for (const [id, files] of Object.entries(cases)) {
    const dir = path.join(dataset.dir, id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'case.json'), typeof files.spec === 'string' ? files.spec : JSON.stringify(files.spec, null, 2));
    if (files.before) await writeFiles(path.join(dir, 'before'), files.before);
    if (files.after) await writeFiles(path.join(dir, 'after'), files.after);
  }
  return dataset;
}

/** A dataset in CodeAgora's golden-bugs layout: per case `expected.json` and `diff.patch` (left out when null). */
export async function writeGoldenDataset(cases: Record<string, { expected: unknown; patch: string | null }>): Promise<TempDataset> {
  const dataset = await tempDataset();
  for (const [id, files] of Object.entries(cases)) {
    await writeFiles(path.join(dataset.dir, id), {
      'expected.json': JSON.stringify(files.expected, null, 2),
      ...(files.patch === null ? {} : { 'diff.patch': files.patch }),
    });
  }
  return dataset;
}

/** The `--agent` value for the case agent with `script` (written into `scratch`) and a log beside it. */
export async function caseAgent(scratch: string, name: string, script: unknown): Promise<{ agent: string; log: string }> {
  const file = path.join(scratch, `${name}.json`);
  const log = path.join(scratch, `${name}.jsonl`);
  await writeFile(file, JSON.stringify(script));
  return { agent: `cmd:${JSON.stringify(process.execPath)} ${JSON.stringify(caseAgentPath)} --script ${JSON.stringify(file)} --log ${JSON.stringify(log)}`, log };
}
