import { createHash } from 'node:crypto';
import type { FileDiff } from '../git/file-diff.js';

/**
 * Per path, a sha256 of that file's change: its part of the diff with the `index` line reduced
 * to the new blob, so a change that stays the same on a moved base (a rebase) keeps its hash
 * while new content, even binary, changes it.
 */
export function hashFileDiffs(files: readonly FileDiff[]): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const file of files) {
    const change = file.patch.replace(/^index [0-9a-f]+\.\.([0-9a-f]+)/gm, 'index $1');
    hashes[file.path] = createHash('sha256')
      .update(`${hashes[file.path] ?? ''}${change}`, 'utf8')
      .digest('hex');
  }
  return hashes;
}
