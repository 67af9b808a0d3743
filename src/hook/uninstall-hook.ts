import { lstat, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { findRepo } from '../git/find-repo.js';
import { detectHookManager } from './detect-hook-manager.js';
import { findHooksDir, hooksPathConfigured } from './find-hooks-dir.js';
import { savedSuffix } from './install-hook.js';
import { removeHuskyBlock } from './remove-husky-block.js';
import { hasLefthookEntry, renderLefthookEntry } from './render-lefthook-entry.js';
import { hookMarker, isCodeDebateHook } from './render-pre-push-hook.js';
import { writeFileAtomic } from '../write-file-atomic.js';

/** What `uninstallHook` did. Paths are absolute. */
export type UninstallResult =
  /** Removed our hook; `restoredFrom` when the hook it had kept was put back in its place. */
  | { kind: 'removed'; hookPath: string; restoredFrom: string | null }
  /** Our hook was already gone: the hook it had kept was put back. */
  | { kind: 'restored'; hookPath: string; restoredFrom: string }
  /** There was no code-debate hook to remove. */
  | { kind: 'not-installed'; hookPath: string }
  /** husky owns the hook: our block was removed from its file, the file deleted, or there was none. */
  | { kind: 'husky'; file: string; change: 'removed' | 'deleted' | 'not-installed' }
  /** lefthook owns the hook: its config is the user's to edit; `present` when it still runs code-debate. */
  | { kind: 'lefthook'; configFile: string; entry: string; present: boolean }
  /** Nothing was changed, for `reason` (a sentence that says what to do). */
  | { kind: 'refused'; path: string; reason: string };

/**
 * `code-debate hook uninstall`: undoes `installHook`. Puts back the hook it had kept, removes its
 * lines from husky's file, and never deletes a hook it did not write.
 */
export async function uninstallHook(options: { cwd: string }): Promise<UninstallResult> {
  const { root } = await findRepo(options.cwd);
  const hooksDir = await findHooksDir(root);
  const manager = await detectHookManager(root, hooksDir, await hooksPathConfigured(root));
  switch (manager.kind) {
    case 'lefthook': {
      const text = await readFile(manager.configFile, 'utf8');
      return { kind: 'lefthook', configFile: manager.configFile, entry: renderLefthookEntry(manager.configFile), present: hasLefthookEntry(text) };
    }
    case 'husky':
      return uninstallHuskyBlock(path.join(manager.dir, 'pre-push'));
    case 'git':
      return uninstallGitHook(path.join(hooksDir, 'pre-push'));
  }
}

async function uninstallGitHook(hookPath: string): Promise<UninstallResult> {
  const savedPath = `${hookPath}${savedSuffix}`;
  const existing = await lstat(hookPath).catch(() => null);
  const saved = await lstat(savedPath).catch(() => null);
  if (existing === null) {
    if (saved === null) return { kind: 'not-installed', hookPath };
    await rename(savedPath, hookPath);
    return { kind: 'restored', hookPath, restoredFrom: savedPath };
  }
  const current = existing.isFile() || existing.isSymbolicLink() ? await readFile(hookPath, 'utf8').catch(() => null) : null;
  if (current === null || !isCodeDebateHook(current)) {
    return {
      kind: 'refused',
      path: hookPath,
      reason:
        `${hookPath} was not written by code-debate (it has no \`${hookMarker}\` line), so it was left as it is.` +
        (saved === null ? '' : ` The hook code-debate had kept is still at ${savedPath}: move it back by hand if you want it.`),
    };
  }
  // rename() replaces our hook with the saved one in one step, bytes and mode as they were.
  if (saved !== null) await rename(savedPath, hookPath);
  else await rm(hookPath);
  return { kind: 'removed', hookPath, restoredFrom: saved === null ? null : savedPath };
}

async function uninstallHuskyBlock(file: string): Promise<UninstallResult> {
  const stats = await stat(file).catch(() => null);
  if (stats === null) return { kind: 'husky', file, change: 'not-installed' };
  const removal = removeHuskyBlock(await readFile(file, 'utf8'));
  if (!removal.ok) {
    return { kind: 'refused', path: file, reason: `Cannot update ${file}: ${removal.reason}. Remove the code-debate lines from it by hand.` };
  }
  if (removal.text === null) return { kind: 'husky', file, change: 'not-installed' };
  if (removal.deleteFile) {
    await rm(file);
    return { kind: 'husky', file, change: 'deleted' };
  }
  await writeFileAtomic(file, removal.text, stats.mode & 0o777);
  return { kind: 'husky', file, change: 'removed' };
}
