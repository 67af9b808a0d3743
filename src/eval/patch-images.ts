import { parseUnifiedDiff, type DiffFile } from '../agents/builtin/parse-unified-diff.js';

export type PatchImages = { ok: true; before: Map<string, Buffer>; after: Map<string, Buffer> } | { ok: false; problem: string };

/**
 * Pure: the two repository states a patch alone implies, for a dataset that ships a diff and no
 * repository. Each file holds the lines the hunks show at their numbers (the old side's context
 * and removed lines before, the new side's context and added lines after) and a blank line for
 * every line the patch does not show, so the line numbers of the change, and of the findings
 * that cite them, are the patch's own.
 */
export function patchImages(patch: string): PatchImages {
  const files = parseUnifiedDiff(patch);
  if (files.length === 0 || files.every((file) => file.hunks.length === 0 && file.status === 'modified' && !file.binary)) {
    return { ok: false, problem: 'it holds no file change (expected a unified diff: `--- a/<file>`, `+++ b/<file>` and `@@` hunks)' };
  }
  const before = new Map<string, Buffer>();
  const after = new Map<string, Buffer>();
  for (const file of files) {
    const outside = [file.oldPath, file.newPath].find((name) => name !== null && (name.startsWith('/') || name.split('/').includes('..')));
    if (outside !== undefined) return { ok: false, problem: `it names \`${outside}\`, a path outside the repository` };
    if (file.binary) return { ok: false, problem: `it changes \`${file.newPath ?? file.oldPath}\` as a binary file, whose content a patch does not hold` };
    if (file.oldPath !== null) before.set(file.oldPath, image(file, 'old'));
    if (file.newPath !== null) after.set(file.newPath, image(file, 'new'));
  }
  return { ok: true, before, after };
}

function image(file: DiffFile, side: 'old' | 'new'): Buffer {
  const lines: string[] = [];
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      const number = side === 'old' ? line.oldLine : line.newLine;
      if (number === null) continue;
      while (lines.length < number - 1) lines.push('');
      lines[number - 1] = line.text;
    }
  }
  return Buffer.from(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
}
