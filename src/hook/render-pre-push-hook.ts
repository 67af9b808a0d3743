import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The line that marks a hook as written by code-debate: install rewrites it, uninstall removes it. */
export const hookMarker = '# code-debate pre-push hook';

/** `templates/pre-push.sh` of this package: two levels up from `dist/hook/`. */
export const prePushTemplatePath = fileURLToPath(new URL('../../templates/pre-push.sh', import.meta.url));

export interface HookPaths {
  /** Absolute path of the `node` that runs code-debate. */
  nodePath: string;
  /** Absolute path of code-debate's `bin/code-debate.js`. */
  binPath: string;
}

/** The pre-push hook for `paths`, from the template on disk. */
export async function renderPrePushHook(paths: HookPaths): Promise<string> {
  return fillPrePushTemplate(await readFile(prePushTemplatePath, 'utf8'), paths);
}

/** Fills `{{node}}` and `{{bin}}`, each as one shell word; any other placeholder is a bug in the template. */
export function fillPrePushTemplate(template: string, paths: HookPaths): string {
  const values: Record<string, string> = { node: paths.nodePath, bin: paths.binPath };
  const text = template.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Cannot fill the placeholder \`{{${name}}}\` in ${prePushTemplatePath}, expected {{node}} or {{bin}}.`);
    return quoteShell(value);
  });
  if (!isCodeDebateHook(text)) throw new Error(`Cannot use ${prePushTemplatePath} as the hook, expected a line \`${hookMarker}\` in it.`);
  return text;
}

/** Whether a hook's text has the marker line, so it was written by code-debate. */
export function isCodeDebateHook(text: string): boolean {
  return text.split(/\r?\n/).some((line) => line.trim() === hookMarker);
}

/** `value` as one POSIX shell word: single quotes, with each `'` written as `'\''`. */
export function quoteShell(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
