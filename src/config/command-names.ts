/**
 * The commands a setting may apply to: `debate` is one side of a debate (`code-debate <subject>`),
 * the others are the command words. Here, below the command line, for the settings table to name.
 */
export const commandNames = ['debate', 'duo', 'pre-push', 'show', 'status', 'archive', 'keep-edit', 'hook', 'demo', 'eval', 'turn', 'submit', 'install-commands', 'mcp'] as const;
export type CommandName = (typeof commandNames)[number];
