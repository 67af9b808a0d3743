import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findExecutable } from '../agents/presets/find-agent-on-path.js';
import { CodeDebateError } from '../errors.js';
import { findRepo } from '../git/find-repo.js';
import { installHook, type InstallResult } from '../hook/install-hook.js';
import { uninstallHook, type UninstallResult } from '../hook/uninstall-hook.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';

/** This package's bin script: two levels up from `dist/cli/`, recorded in the hook at install time. */
const binPath = fileURLToPath(new URL('../../bin/code-debate.js', import.meta.url));

export interface HookCommandOptions {
  action: 'install' | 'uninstall';
  cwd: string;
  /** Where the report goes (stdout), error messages too. */
  write: (text: string) => void;
  /** Where the hook looks for code-debate when husky or lefthook runs it (PATH); default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** The code-debate the hook runs, and the node that runs it; default: this very code-debate and node. */
  binPath?: string;
  nodePath?: string;
}

/**
 * `code-debate hook install|uninstall`: writes or removes the pre-push gate and says what it did.
 * Returns the exit code: 0 done (or nothing to do), 2 refused (a hook it did not write), 6 outside a work tree.
 */
export async function runHookCommand(options: HookCommandOptions): Promise<ExitCode> {
  const prefix = `code-debate hook ${options.action}`;
  const show = (file: string): string => displayPath(options.cwd, file);
  try {
    if (options.action === 'install') {
      const result = await installHook({ cwd: options.cwd, binPath: options.binPath ?? binPath, nodePath: options.nodePath ?? process.execPath });
      options.write(`${prefix}: ${describeInstall(result, show)}\n`);
      if ((result.kind === 'husky' || result.kind === 'lefthook') && !(await onHookPath(options.cwd, options.env ?? process.env))) {
        options.write(
          `${prefix}: warning: ${result.kind} runs \`code-debate\` from PATH, and it is neither on PATH here nor in node_modules/.bin: ` +
            'until it is (npm install -D code-debate), the hook skips the review with a message.\n',
        );
      }
      return result.kind === 'refused' ? exitCodes.usage : exitCodes.ok;
    }
    const result = await uninstallHook({ cwd: options.cwd });
    options.write(`${prefix}: ${describeUninstall(result, show)}\n`);
    return result.kind === 'refused' ? exitCodes.usage : exitCodes.ok;
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    options.write(`${prefix}: ${error.message}\n`);
    return error.name === 'GitError' ? exitCodes.gitError : exitCodes.usage;
  }
}

const skipNote = 'Skip it for one push with `CODE_DEBATE_SKIP=1 git push`.';

function describeInstall(result: InstallResult, show: (file: string) => string): string {
  switch (result.kind) {
    case 'written':
      return `wrote the pre-push hook ${show(result.hookPath)}: git push now runs \`code-debate pre-push\` first. ${skipNote}`;
    case 'chained':
      return (
        `kept the hook that was there as ${show(result.savedPath)} and wrote code-debate's at ${show(result.hookPath)}. ` +
        `It runs the kept hook first, with the same arguments and input, and stops the push if that fails. ${skipNote}`
      );
    case 'updated':
      return (
        `the pre-push hook ${show(result.hookPath)} was already code-debate's: rewritten to run this code-debate.` +
        (result.savedPath === null ? '' : ` It still runs ${show(result.savedPath)} first.`)
      );
    case 'husky': {
      const done = { created: 'created', appended: 'added code-debate at the end of', updated: 'updated code-debate in' }[result.change];
      return `husky runs the hooks of this repository: ${done} ${show(result.file)}. Commit it to run the check in every clone; it needs code-debate installed there (npm install -D code-debate). ${skipNote}`;
    }
    case 'lefthook':
      return result.present
        ? `lefthook runs the hooks of this repository, and ${show(result.configFile)} already runs \`code-debate pre-push\`: nothing to do.`
        : `lefthook runs the hooks of this repository. code-debate does not edit ${show(result.configFile)} (its comments and layout would be lost): ` +
            `add this entry to it (into the existing pre-push section, if there is one), then run \`lefthook install\`:\n\n${result.entry}\n` +
            "lefthook runs `run` with git's PATH: if code-debate is a devDependency rather than on PATH, write `npx code-debate` there.";
    case 'refused':
      return `nothing was changed. ${result.reason}`;
  }
}

function describeUninstall(result: UninstallResult, show: (file: string) => string): string {
  switch (result.kind) {
    case 'removed':
      return result.restoredFrom === null
        ? `removed code-debate's pre-push hook ${show(result.hookPath)}.`
        : `removed code-debate's pre-push hook and put back the hook it had kept, at ${show(result.hookPath)}.`;
    case 'restored':
      return `code-debate's hook was already gone; put back the hook it had kept (${show(result.restoredFrom)}) at ${show(result.hookPath)}.`;
    case 'not-installed':
      return `there is no code-debate pre-push hook at ${show(result.hookPath)}: nothing to do.`;
    case 'husky':
      return {
        removed: `removed code-debate's lines from ${show(result.file)}; the rest of it is as it was.`,
        deleted: `deleted ${show(result.file)}: code-debate had created it and nothing else was in it.`,
        'not-installed': `${show(result.file)} has no code-debate lines: nothing to do.`,
      }[result.change];
    case 'lefthook':
      return result.present
        ? `lefthook runs the hooks of this repository, and code-debate does not edit ${show(result.configFile)}: remove its code-debate entry by hand, then run \`lefthook install\`. The entry code-debate suggests is:\n\n${result.entry}`
        : `${show(result.configFile)} does not run \`code-debate pre-push\`: nothing to do.`;
    case 'refused':
      return `nothing was changed. ${result.reason}`;
  }
}

/** Whether a hook run by husky or lefthook finds `code-debate`: on PATH, or in the work tree's node_modules/.bin (which husky puts first). */
async function onHookPath(cwd: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const { root } = await findRepo(cwd);
  const local = await access(path.join(root, 'node_modules', '.bin', 'code-debate'), constants.X_OK).then(
    () => true,
    () => false,
  );
  return local || (await findExecutable('code-debate', env)) !== null;
}

/** `file` relative to `cwd` when it is inside it, else absolute. */
function displayPath(cwd: string, file: string): string {
  const relative = path.relative(path.resolve(cwd), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
