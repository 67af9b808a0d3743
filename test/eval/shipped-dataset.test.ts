import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { addedLines, parseUnifiedDiff } from '../../src/agents/builtin/parse-unified-diff.js';
import { loadDataset } from '../../src/eval/load-dataset.js';
import { shippedDataset } from '../../src/eval/shipped-dataset.js';
import type { FileTree } from '../../src/eval/eval-case.js';

async function writeTree(dir: string, files: FileTree): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [file, bytes] of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), bytes);
  }
}

describe('the dataset shipped with code-debate', () => {
  it('holds at least 24 cases in JavaScript or TypeScript, Python and Go, at least 6 of them clean, planting every kind of bug the eval promises', async () => {
    const dataset = await loadDataset(shippedDataset);
    expect(dataset).toMatchObject({ name: 'planted', format: 'planted' });
    expect(dataset.cases.length).toBeGreaterThanOrEqual(24);
    expect(dataset.cases.filter((evalCase) => evalCase.expected.length === 0).length).toBeGreaterThanOrEqual(6);
    const languages = new Set(dataset.cases.map((evalCase) => evalCase.language));
    expect([...languages].sort()).toEqual(['go', 'javascript', 'python', 'typescript']);
    const kinds = new Set(dataset.cases.flatMap((evalCase) => evalCase.expected.map((finding) => finding.kind)));
    for (const kind of ['off-by-one', 'missing-await', 'sql-injection', 'shell-injection', 'race', 'leaked-handle', 'swallowed-error', 'secret']) expect(kinds).toContain(kind);
    // Every planted bug says how severe a review must rate it.
    expect(dataset.cases.flatMap((evalCase) => evalCase.expected.filter((finding) => finding.minSeverity === null).map(() => evalCase.id))).toEqual([]);
  });

  it('plants each expected finding on lines its change adds', async () => {
    const dataset = await loadDataset(shippedDataset);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-shipped-'));
    try {
      for (const evalCase of dataset.cases) {
        const before = path.join(dir, evalCase.id, 'a');
        const after = path.join(dir, evalCase.id, 'b');
        await writeTree(before, evalCase.before);
        await writeTree(after, evalCase.after);
        const diff = await execa('git', ['diff', '--no-index', '--no-prefix', 'a', 'b'], { cwd: path.join(dir, evalCase.id), reject: false });
        const added = new Map(parseUnifiedDiff(diff.stdout).map((file) => [file.newPath?.replace(/^b\//, ''), addedLines(file).map((line) => line.newLine)]));
        for (const finding of evalCase.expected) {
          const lines = added.get(finding.file) ?? [];
          const on = lines.filter((line) => line !== null && line >= finding.line && line <= finding.endLine);
          expect(on.length, `${evalCase.id}: ${finding.file}:${finding.line}-${finding.endLine} is on no added line`).toBeGreaterThan(0);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
