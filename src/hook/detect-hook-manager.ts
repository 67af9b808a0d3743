import { stat } from 'node:fs/promises';
import path from 'node:path';

/** Who owns the pre-push hook of a repository: git itself, husky or lefthook. */
export type HookManager =
  /** No manager: the hook is the file `pre-push` in the hooks directory. */
  | { kind: 'git'; hooksDir: string }
  /**
   * husky: the hook is `<dir>/pre-push`, run by husky's `_/h` (husky 9) with `sh -e`, or run
   * directly after sourcing `_/husky.sh` (husky 5 to 8, `legacy`).
   */
  | { kind: 'husky'; dir: string; legacy: boolean }
  /** lefthook: the hook is an entry in its config file, which this tool does not edit. */
  | { kind: 'lefthook'; configFile: string };

// lefthook's main config names, as its documentation lists them (lefthook.dev/configuration).
const lefthookNames = ['yml', 'yaml', 'toml', 'json', 'jsonc'].flatMap((ext) => [`lefthook.${ext}`, `.lefthook.${ext}`, `.config/lefthook.${ext}`]);

/**
 * Decides who owns the pre-push hook, from what git runs first: husky when `core.hooksPath` points
 * into a husky directory; git when `core.hooksPath` points anywhere else (`hooksPathSet`): that
 * directory is where git runs hooks, whatever else the work tree holds; then lefthook when it has
 * a config file; then husky when the work tree has `.husky/` (husky set up by the project, not yet
 * installed in this clone); else git.
 */
export async function detectHookManager(root: string, hooksDir: string, hooksPathSet = false): Promise<HookManager> {
  if (path.basename(hooksDir) === '_' && (await isFile(path.join(hooksDir, 'h')))) {
    return { kind: 'husky', dir: path.dirname(hooksDir), legacy: false };
  }
  if (await isFile(path.join(hooksDir, '_', 'husky.sh'))) return { kind: 'husky', dir: hooksDir, legacy: true };
  if (hooksPathSet) return { kind: 'git', hooksDir };
  for (const name of lefthookNames) {
    const file = path.join(root, name);
    if (await isFile(file)) return { kind: 'lefthook', configFile: file };
  }
  const husky = path.join(root, '.husky');
  if (await isDirectory(husky)) return { kind: 'husky', dir: husky, legacy: false };
  return { kind: 'git', hooksDir };
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}
