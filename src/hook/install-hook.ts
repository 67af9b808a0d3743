import { lstat, mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { findRepo } from '../git/find-repo.js';
import { addHuskyBlock } from './add-husky-block.js';
import { detectHookManager } from './detect-hook-manager.js';
import { findHooksDir, hooksPathConfigured } from './find-hooks-dir.js';
import { hasLefthookEntry, renderLefthookEntry } from './render-lefthook-entry.js';
import { isCodeDebateHook, renderPrePushHook, type HookPaths } from './render-pre-push-hook.js';
import { writeFileAtomic } from '../write-file-atomic.js';

export interface InstallOptions extends HookPaths {
  /** A directory inside the work tree. */
  cwd: string;
}

/** What `installHook` did. Paths are absolute. */
export type InstallResult =
  /** Wrote the hook where there was none. */
  | { kind: 'written'; hookPath: string }
  /** Moved the hook that was there to `savedPath` and wrote ours, which runs it first. */
  | { kind: 'chained'; hookPath: string; savedPath: string }
  /** Ours was there: rewritten with the current paths; `savedPath` when it still runs a saved hook. */
  | { kind: 'updated'; hookPath: string; savedPath: string | null }
  /** husky owns the hook: code-debate's block was written into its `pre-push` file. */
  | { kind: 'husky'; file: string; change: 'created' | 'appended' | 'updated' }
  /** lefthook owns the hook: `entry` is what to add to `configFile` (`present` when it already runs code-debate). */
  | { kind: 'lefthook'; configFile: string; entry: string; present: boolean }
  /** Nothing was changed, for `reason` (a sentence that says what to do). */
  | { kind: 'refused'; path: string; reason: string };

/** The name a foreign hook is kept under, next to the hook that now runs it first. */
export const savedSuffix = '.code-debate-saved';

/**
 * `code-debate hook install`: makes git run `code-debate pre-push <remote> <url>` before each
 * push, in the hooks directory git reports, or through husky or lefthook when they own the hook.
 * Never overwrites a hook it did not write: that one is kept and run first.
 */
export async function installHook(options: InstallOptions): Promise<InstallResult> {
  for (const [name, value] of [
    ['nodePath', options.nodePath],
    ['binPath', options.binPath],
  ] as const) {
    if (!path.isAbsolute(value)) throw new Error(`Cannot install the hook with ${name} \`${value}\`, expected an absolute path.`);
  }
  const { root } = await findRepo(options.cwd);
  const hooksDir = await findHooksDir(root);
  const manager = await detectHookManager(root, hooksDir, await hooksPathConfigured(root));
  switch (manager.kind) {
    case 'lefthook': {
      const text = await readFile(manager.configFile, 'utf8');
      return { kind: 'lefthook', configFile: manager.configFile, entry: renderLefthookEntry(manager.configFile), present: hasLefthookEntry(text) };
    }
    case 'husky':
      return installHuskyBlock(path.join(manager.dir, 'pre-push'), manager.legacy);
    case 'git':
      return installGitHook(hooksDir, await renderPrePushHook(options));
  }
}

async function installGitHook(hooksDir: string, hook: string): Promise<InstallResult> {
  const hookPath = path.join(hooksDir, 'pre-push');
  const savedPath = `${hookPath}${savedSuffix}`;
  await mkdir(hooksDir, { recursive: true });
  const existing = await lstat(hookPath).catch(() => null);
  const saved = await lstat(savedPath).catch(() => null);
  if (existing?.isDirectory()) {
    return { kind: 'refused', path: hookPath, reason: `${hookPath} is a directory, expected a hook file or nothing. Move it away and run \`code-debate hook install\` again.` };
  }
  if (existing === null) {
    await writeFileAtomic(hookPath, hook, 0o755);
    return saved === null ? { kind: 'written', hookPath } : { kind: 'chained', hookPath, savedPath };
  }
  const current = await readFile(hookPath, 'utf8').catch(() => null);
  if (current !== null && isCodeDebateHook(current)) {
    await writeFileAtomic(hookPath, hook, 0o755);
    return { kind: 'updated', hookPath, savedPath: saved === null ? null : savedPath };
  }
  if (saved !== null) {
    return {
      kind: 'refused',
      path: hookPath,
      reason:
        `${hookPath} was not written by code-debate, and ${savedPath} already holds another hook, so the first cannot be kept under that name. ` +
        'Merge or remove one of them, then run `code-debate hook install` again.',
    };
  }
  await rename(hookPath, savedPath);
  try {
    await writeFileAtomic(hookPath, hook, 0o755);
  } catch (error) {
    await rename(savedPath, hookPath);
    throw error;
  }
  return { kind: 'chained', hookPath, savedPath };
}

async function installHuskyBlock(file: string, legacy: boolean): Promise<InstallResult> {
  const stats = await stat(file).catch(() => null);
  const text = stats === null ? null : await readFile(file, 'utf8');
  const addition = addHuskyBlock(text, legacy);
  if (!addition.ok) {
    return {
      kind: 'refused',
      path: file,
      reason: `Cannot update ${file}: ${addition.reason}. Restore or delete the code-debate lines in it, then run \`code-debate hook install\` again.`,
    };
  }
  await mkdir(path.dirname(file), { recursive: true });
  // husky 9 runs the file with `sh`; husky 5 to 8 run it directly, so a new one is executable.
  await writeFileAtomic(file, addition.text, stats === null ? 0o755 : stats.mode & 0o777);
  return { kind: 'husky', file, change: addition.change };
}
