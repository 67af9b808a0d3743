import { z } from 'zod';
import { severities } from '../protocol/document.js';

// The planted format: `dataset.json` at the top (optional) and one `case.json` per case folder.
// Strict objects: a misspelt key (`minSeverty`) is refused, not silently ignored.

const lineTolerance = z.number().int().min(0).max(100);

export const plantedFindingSchema = z.strictObject({
  file: z.string().min(1),
  line: z.number().int().min(1),
  endLine: z.number().int().min(1).optional(),
  lineTolerance: lineTolerance.optional(),
  minSeverity: z.enum(severities).optional(),
  keyword: z.string().min(1).optional(),
  kind: z.string().min(1).optional(),
  what: z.string().min(1),
});

export const plantedCaseSchema = z.strictObject({
  title: z.string().min(1),
  language: z.string().min(1).optional(),
  lineTolerance: lineTolerance.optional(),
  expected: z.array(plantedFindingSchema),
  notes: z.string().optional(),
  /** A test of the case: the files of its `reproduction/` folder added, this command fails on the change and passes before it (or passes on a clean change). */
  reproduction: z
    .strictObject({
      command: z
        .string()
        .trim()
        .min(1)
        .regex(/^[^\r\n]*$/),
    })
    .optional(),
});

export const plantedDatasetSchema = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  lineTolerance: lineTolerance.optional(),
});

// CodeAgora's golden-bugs format (benchmarks/golden-bugs: `expected.json` beside `diff.patch`),
// as its README and schema describe it. Not strict: that project may add fields.

export const goldenSeverities = ['HARSHLY_CRITICAL', 'CRITICAL', 'WARNING', 'SUGGESTION'] as const;

export const goldenFindingSchema = z.object({
  filePath: z.string().min(1),
  lineRange: z.tuple([z.number().int().min(1), z.number().int().min(1)]),
  lineTolerance: lineTolerance.optional(),
  minSeverity: z.enum(goldenSeverities),
  rationale: z.string().min(1),
  keyword: z.string().min(1).optional(),
});

export const goldenCaseSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  source: z.string().optional(),
  category: z.string().optional(),
  expectedFindings: z.array(goldenFindingSchema),
  notes: z.string().optional(),
});

/** zod's issues as `expected[0].line: Too small: ...`, one per line: the path of each bad field first. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path
        .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
        .join('')
        .replace(/^\./, '');
      return `  - ${where === '' ? 'the whole file' : where}: ${issue.message}`;
    })
    .join('\n');
}
