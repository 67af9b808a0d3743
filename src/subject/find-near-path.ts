import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { editDistance } from '../edit-distance.js';

/**
 * The existing path `word` (relative to `cwd`) was most likely meant to name, folder by folder:
 * each missing part is replaced by the nearest entry of its folder (a typo or two, or the same
 * name with another extension, `app.ts` for `app.js`); null when a part has none near.
 */
export async function findNearPath(cwd: string, word: string): Promise<string | null> {
  const parts = word.split(/[/\\]/);
  const found: string[] = [];
  let folder = cwd;
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    if (part === '' || part === '.' || part === '..') {
      found.push(part);
      folder = path.resolve(folder, part);
      continue;
    }
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => null);
    if (entries === null) return null;
    const candidates = entries.filter((entry) => entry.name !== '.git' && (last || entry.isDirectory())).map((entry) => entry.name);
    const near = candidates.includes(part) ? part : nearestName(part, candidates);
    if (near === null) return null;
    found.push(near);
    folder = path.join(folder, near);
  }
  return found.join('/');
}

const stem = (name: string): string => name.replace(/(?<=.)\.[^.]*$/, '');

function nearestName(part: string, names: readonly string[]): string | null {
  const typed = part.toLowerCase();
  const limit = typed.length <= 3 ? 1 : typed.length <= 7 ? 2 : 3;
  let best: { name: string; distance: number } | null = null;
  for (const name of names) {
    const lower = name.toLowerCase();
    const distance = stem(lower) === stem(typed) && stem(typed) !== typed ? 1 : editDistance(typed, lower);
    if (distance <= limit && (best === null || distance < best.distance || (distance === best.distance && name < best.name))) best = { name, distance };
  }
  return best?.name ?? null;
}
