import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TurnKind } from '../agents/agent.js';

/** The package's `templates/` directory: two levels up from `dist/prompts/`. */
export const templatesDirectory = fileURLToPath(new URL('../../templates/', import.meta.url));

export async function loadTemplate(turn: TurnKind): Promise<{ name: string; text: string }> {
  const name = `${turn}.md`;
  return { name, text: await readFile(path.join(templatesDirectory, name), 'utf8') };
}
