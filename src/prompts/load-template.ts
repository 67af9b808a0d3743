import { turnOf } from '../protocol/turn-table.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SectionKind } from '../protocol/document.js';

/** The package's `templates/` directory: two levels up from `dist/prompts/`. */
export const templatesDirectory = fileURLToPath(new URL('../../templates/', import.meta.url));

/**
 * The prompt template for `turn`, read from `templates/` each time it is asked for, so an edit
 * counts from the next turn on. Read at once: a template is a few kilobytes, and the thread pool's
 * round trips cost a turn more than the read.
 */
export async function loadTemplate(turn: SectionKind): Promise<{ name: string; text: string }> {
  const name = turnOf(turn).template;
  return { name, text: readFileSync(path.join(templatesDirectory, name), 'utf8') };
}
