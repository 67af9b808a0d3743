import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isCodePath, isTestPath, moduleBasename } from './classify-path.js';
import { compareText } from './format-markdown.js';

const skippedDirectories = new Set(['node_modules', 'dist', 'build', 'coverage', 'vendor', 'target', 'out']);
const maxDepth = 8;
const maxTestFiles = 2000;
const maxTestBytes = 256 * 1024;

/**
 * For each source path, the test files in the work tree that import its module: a line that
 * imports, requires, includes or uses something and names the module (`src/subject/read-diff.ts`
 * → `read-diff`). A test that only mentions the name (in a comment, a string) is not counted, and
 * one that imports the module may still not exercise the change: evidence that a test reaches
 * the module, no more. Walks in sorted order with fixed limits, so the answer is the same on every run.
 */
export async function findTestMentions(cwd: string, sourcePaths: readonly string[], signal: AbortSignal): Promise<Map<string, string[]>> {
  const mentions = new Map<string, string[]>(sourcePaths.map((path) => [path, []]));
  if (sourcePaths.length === 0) return mentions;
  const names = sourcePaths.map((path) => ({
    path,
    pattern: new RegExp(`^.*\\b(?:import|from|require|include|use|load)\\b.*(?<![\\w-])${escapeRegExp(moduleBasename(path))}(?![\\w-])`, 'm'),
  }));
  for (const testPath of await listTestFiles(cwd, signal)) {
    const text = await readSmallFile(join(cwd, testPath));
    if (text === null) continue;
    for (const { path, pattern } of names) if (pattern.test(text)) mentions.get(path)?.push(testPath);
  }
  return mentions;
}

async function listTestFiles(cwd: string, signal: AbortSignal): Promise<string[]> {
  const found: string[] = [];
  const visit = async (directory: string, depth: number): Promise<void> => {
    signal.throwIfAborted();
    if (depth > maxDepth || found.length >= maxTestFiles) return;
    const entries = await readdir(join(cwd, directory), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
      const path = directory === '' ? entry.name : `${directory}/${entry.name}`;
      if (entry.isDirectory() && !entry.name.startsWith('.') && !skippedDirectories.has(entry.name)) await visit(path, depth + 1);
      else if (entry.isFile() && isTestPath(path) && isCodePath(path) && found.length < maxTestFiles) found.push(path);
    }
  };
  await visit('', 0);
  return found;
}

async function readSmallFile(path: string): Promise<string | null> {
  try {
    if ((await stat(path)).size > maxTestBytes) return null;
    return await readFile(path, 'utf8');
  } catch {
    // A file removed or unreadable while walking is simply not a mention.
    return null;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
