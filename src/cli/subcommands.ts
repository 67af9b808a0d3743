import type { CommandName } from '../config/command-names.js';

/** The words that name a command rather than start a subject. */
export const subcommands = [
  'duo',
  'show',
  'status',
  'hook',
  'archive',
  'keep-edit',
  'demo',
  'pre-push',
  'eval',
  'turn',
  'submit',
  'install-commands',
  'mcp',
  'help',
] as const satisfies ReadonlyArray<CommandName | 'help'>;
export type Subcommand = (typeof subcommands)[number];
