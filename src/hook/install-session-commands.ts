import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The agent CLIs a `/code-debate` command is shipped for. */
export const commandTargets = ['claude', 'codex', 'gemini'] as const;
export type CommandTarget = (typeof commandTargets)[number];

/** The package's `templates/commands/`: two levels up from `dist/hook/`. */
const commandsDirectory = fileURLToPath(new URL('../../templates/commands/', import.meta.url));

/** The line every installed command carries, so that only what code-debate wrote is ever replaced or removed. */
const marker = 'written by code-debate install-commands';

/** How each CLI names the words typed after the command, in the shared prompt. */
const argumentsOf: Record<CommandTarget, string> = { claude: '$ARGUMENTS', codex: '$ARGUMENTS', gemini: '{{args}}' };
const templateOf: Record<CommandTarget, string> = { claude: 'claude.md', codex: 'codex.md', gemini: 'gemini.toml' };

export interface CommandFolders {
  /** The work tree's root, for a project's commands; null outside a repository. */
  root: string | null;
  home: string;
  /** Where Codex keeps its settings: `$CODEX_HOME`, else `~/.codex`. */
  codexHome: string;
  /** Into the user's folders (every project) instead of the repository's. */
  user: boolean;
}

/**
 * Where `target`'s command goes: Claude Code's `.claude/commands/` and Gemini CLI's
 * `.gemini/commands/`, in the repository or the home folder; Codex reads custom prompts only from
 * `$CODEX_HOME/prompts/`, so its command always goes there.
 */
export function commandFile(target: CommandTarget, folders: CommandFolders): string {
  if (target === 'codex') return path.join(folders.codexHome, 'prompts', 'code-debate.md');
  const base = folders.user ? folders.home : folders.root;
  if (base === null) throw new Error('commandFile: a project folder was asked for outside a repository');
  return target === 'claude' ? path.join(base, '.claude', 'commands', 'code-debate.md') : path.join(base, '.gemini', 'commands', 'code-debate.toml');
}

/** `target`'s command: its template in templates/commands/, the shared prompt inside, with that CLI's name for the arguments. */
export async function renderSessionCommand(target: CommandTarget): Promise<string> {
  const [wrapper, prompt] = await Promise.all([
    readFile(path.join(commandsDirectory, templateOf[target]), 'utf8'),
    readFile(path.join(commandsDirectory, 'session-prompt.md'), 'utf8'),
  ]);
  return wrapper.replace('{{prompt}}', prompt.trimEnd().replaceAll('{{arguments}}', argumentsOf[target]));
}

/** A file a target needs: its command, and for Gemini CLI the policy that lets the command run `turn` and `submit`. */
export interface CommandFile {
  target: CommandTarget;
  what: 'command' | 'policy';
  file: string;
  render(): Promise<string>;
}

/**
 * Every file `target` needs. Gemini CLI headless runs no shell command a policy does not allow (it
 * cannot ask), and reads policies only from the user's `~/.gemini/policies/`, so its policy goes
 * there, for a project's command too. Codex's sandbox keeps .git read-only, where code-debate keeps
 * its state: a rule in `$CODEX_HOME/rules/` lets the two commands run outside it (a command an
 * `allow` rule matches runs unsandboxed), rather than moving the state for one CLI. Claude Code's
 * command carries its own `allowed-tools`.
 */
export function commandFiles(target: CommandTarget, folders: CommandFolders): CommandFile[] {
  const command: CommandFile = { target, what: 'command', file: commandFile(target, folders), render: () => renderSessionCommand(target) };
  const permission = (file: string, template: string): CommandFile => ({ target, what: 'policy', file, render: () => readFile(path.join(commandsDirectory, template), 'utf8') });
  if (target === 'gemini') return [command, permission(path.join(folders.home, '.gemini', 'policies', 'code-debate.toml'), 'gemini-policy.toml')];
  if (target === 'codex') return [command, permission(path.join(folders.codexHome, 'rules', 'code-debate.rules'), 'codex-rules.rules')];
  return [command];
}

/** What was done with one file, for the user to read. */
export interface CommandChange {
  target: CommandTarget;
  what: 'command' | 'policy';
  file: string;
  done: 'wrote' | 'replaced' | 'removed' | 'absent' | 'kept';
}

/**
 * Writes (or with `uninstall` removes) the `/code-debate` command of each target, and the files it
 * needs (commandFiles). A file there that code-debate did not write (no marker) is never replaced
 * nor removed: it is reported as kept.
 */
export async function installSessionCommands(targets: readonly CommandTarget[], folders: CommandFolders, uninstall: boolean): Promise<CommandChange[]> {
  const changes: CommandChange[] = [];
  for (const { target, what, file, render } of targets.flatMap((target) => commandFiles(target, folders))) {
    const current = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (current !== null && !current.includes(marker)) {
      changes.push({ target, what, file, done: 'kept' });
      continue;
    }
    if (uninstall) {
      if (current !== null) await unlink(file);
      changes.push({ target, what, file, done: current === null ? 'absent' : 'removed' });
      continue;
    }
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await render());
    changes.push({ target, what, file, done: current === null ? 'wrote' : 'replaced' });
  }
  return changes;
}
