import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The repository's review standards, `.prompts/pr-review.md`, as the protocol applies them. */
export async function readStandards(root: string): Promise<string | null> {
  try {
    const text = await readFile(path.join(root, '.prompts', 'pr-review.md'), 'utf8');
    return text.trim() === '' ? null : text.trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
