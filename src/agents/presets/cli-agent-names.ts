/** The agent CLIs code-debate has presets for, in the order `--agent auto` prefers them. */
export const cliNames = ['claude', 'codex', 'gemini'] as const;
export type CliName = (typeof cliNames)[number];

export const cliAgentProducts: Record<CliName, { product: string; npmPackage: string }> = {
  claude: { product: 'Claude Code', npmPackage: '@anthropic-ai/claude-code' },
  codex: { product: 'Codex', npmPackage: '@openai/codex' },
  gemini: { product: 'Gemini CLI', npmPackage: '@google/gemini-cli' },
};

/** `claude:opus` → `claude`; null for an agent that is not one of the presets. */
export function cliNameOf(agentName: string): CliName | null {
  const head = agentName.split(':', 1)[0] ?? '';
  return (cliNames as readonly string[]).includes(head) ? (head as CliName) : null;
}

/** The agent's name as signatures and messages show it: `claude` or `claude:<model>`. */
export function cliAgentName(cli: CliName, model: string | null): string {
  return model === null ? cli : `${cli}:${model}`;
}
