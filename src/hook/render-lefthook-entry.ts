import path from 'node:path';

/**
 * lefthook puts git's arguments into `{1}` and `{2}` as they are, without quoting: the quotes
 * keep a remote URL with a space in one argument. `use_stdin` passes git's lines through.
 */
export const lefthookRun = "code-debate pre-push '{1}' '{2}'";

/**
 * The entry to add to lefthook's config file, in that file's format. Written for the user to
 * paste rather than into their file: rewriting it would lose their comments and layout.
 */
export function renderLefthookEntry(configFile: string): string {
  const extension = path.extname(configFile);
  if (extension === '.toml') return `[pre-push.commands.code-debate]\nrun = ${JSON.stringify(lefthookRun)}\nuse_stdin = true\n`;
  if (extension === '.json' || extension === '.jsonc') {
    return `${JSON.stringify({ 'pre-push': { commands: { 'code-debate': { run: lefthookRun, use_stdin: true } } } }, null, 2)}\n`;
  }
  return `pre-push:\n  commands:\n    code-debate:\n      run: ${lefthookRun}\n      use_stdin: true\n`;
}

/** Whether lefthook's config already runs `code-debate pre-push`. */
export function hasLefthookEntry(configText: string): boolean {
  return /code-debate\s+pre-push/.test(configText);
}
