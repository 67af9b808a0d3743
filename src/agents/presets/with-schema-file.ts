import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AnswerJsonSchema } from '../../protocol/answer-schema.js';

/**
 * Runs `use` with the answer's JSON Schema written to a file of its own (`codex exec
 * --output-schema <file>` reads it from there), in a new temporary folder that is removed once
 * `use` settled, whatever it did; without a schema, `use` gets null and nothing is written.
 */
export async function withSchemaFile<T>(answerSchema: AnswerJsonSchema | undefined, use: (file: string | null) => Promise<T>): Promise<T> {
  if (answerSchema === undefined) return use(null);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-schema-'));
  try {
    const file = path.join(dir, 'answer-schema.json');
    await writeFile(file, `${JSON.stringify(answerSchema.schema, null, 2)}\n`, { mode: 0o600 });
    return await use(file);
  } finally {
    // A schema left behind in the temporary folder harms nothing: failing to remove it must not cost the turn.
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
