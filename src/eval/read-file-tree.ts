import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatasetError } from './dataset-error.js';
import type { FileTree } from './eval-case.js';

/**
 * Every file under `dir`, by its path relative to `dir` with `/` between folders; an empty tree
 * when `dir` does not exist. A symbolic link is refused: the case repository is built from bytes,
 * and a link could reach outside the dataset.
 */
export async function readFileTree(dir: string, label: string): Promise<FileTree> {
  const files = new Map<string, Buffer>();
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      const relative = path.relative(dir, full).split(path.sep).join('/');
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.set(relative, await readFile(full));
      else throw new DatasetError(`${label}: \`${relative}\` is not a regular file (a symbolic link or a device), expected only files and folders.`);
    }
  };
  const stats = await lstat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (stats === null) return files;
  if (!stats.isDirectory()) throw new DatasetError(`${label}: \`${dir}\` is not a folder, expected a folder holding the repository's files.`);
  await walk(dir);
  return files;
}
