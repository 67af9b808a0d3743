import os from 'node:os';
import path from 'node:path';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import { installSessionCommands, type CommandChange, type CommandTarget } from '../hook/install-session-commands.js';

export interface InstallCommandsOptions {
  targets: CommandTarget[];
  user: boolean;
  uninstall: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
  write: (text: string) => void;
}

const products: Record<CommandTarget, string> = { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' };

/** `code-debate install-commands`: the `/code-debate` command of each agent CLI, written or removed, each file said. */
export async function runInstallCommands(options: InstallCommandsOptions): Promise<ExitCode> {
  const home = options.env.HOME ?? os.homedir();
  const codexHome = options.env.CODEX_HOME ?? path.join(home, '.codex');
  // Codex's folder is the user's whatever is asked; only the others need the repository.
  const needsRepo = !options.user && options.targets.some((target) => target !== 'codex');
  const root = needsRepo ? (await (await import('../git/find-repo.js')).findRepo(options.cwd)).root : null;
  const changes = await installSessionCommands(options.targets, { root, home, codexHome, user: options.user }, options.uninstall);
  for (const change of changes) options.write(`${describe(change)}\n`);
  if (!options.uninstall && changes.some((change) => change.done === 'wrote' || change.done === 'replaced')) {
    options.write('In each of two sessions, type `/code-debate the diff against main` (in Codex: `/prompts:code-debate the diff against main`).\n');
  }
  return changes.some((change) => change.done === 'kept') ? exitCodes.usage : exitCodes.consensus;
}

function describe(change: CommandChange): string {
  const product = products[change.target];
  const permission = change.target === 'codex' ? 'rule' : 'policy';
  const thing = change.what === 'command' ? `${product}'s /code-debate command` : `${product}'s ${permission} that lets /code-debate run \`code-debate turn\` and \`submit\``;
  switch (change.done) {
    case 'wrote':
      return `Wrote ${thing}: ${change.file}`;
    case 'replaced':
      return `Replaced ${thing} with this version's: ${change.file}`;
    case 'removed':
      return `Removed ${thing}: ${change.file}`;
    case 'absent':
      return `${product} has no ${change.what === 'command' ? '/code-debate command' : `code-debate ${permission}`} to remove at ${change.file}`;
    case 'kept':
      return `Left ${change.file} as it is: code-debate did not write it. Rename or remove it, then run this again.`;
  }
}
