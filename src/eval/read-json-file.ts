import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { describeIssues } from './case-schema.js';
import { DatasetError, formatHelp } from './dataset-error.js';

/**
 * The JSON file `file`, checked against `schema`; `label` names it in messages (`case
 * js-off-by-one: case.json`). A file that is missing, is not JSON or breaks the schema is a
 * DatasetError that names each bad field.
 */
export async function readJsonFile<T>(file: string, schema: z.ZodType<T>, label: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DatasetError(`Cannot read ${label} at \`${file}\`: ${(error as Error).message}. ${formatHelp}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new DatasetError(`Cannot read ${label} at \`${file}\`, expected valid JSON (no comments, no trailing commas): ${(error as Error).message}.`, { cause: error });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DatasetError(`${capitalize(label)} at \`${file}\` does not follow the format; fix these fields:\n${describeIssues(parsed.error)}\n${formatHelp}`);
  return parsed.data;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
