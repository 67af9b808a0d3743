import { ConfigError } from '../../errors.js';
import type { Agent } from '../agent.js';
import { createClaudeAgent } from './claude-agent.js';
import { cliNames, type CliName } from './cli-agent-names.js';
import { createCodexAgent } from './codex-agent.js';
import { createGeminiAgent } from './gemini-agent.js';

const factories: Record<CliName, (options: { model: string | null }) => Agent> = {
  claude: createClaudeAgent,
  codex: createCodexAgent,
  gemini: createGeminiAgent,
};

/** How `--agent` names the presets, for help and error messages. */
export const cliAgentSpecs = ['claude[:<model>]', 'codex[:<model>]', 'gemini[:<model>]'] as const;

/** The preset `spec` names (`claude`, `codex:<model>`, ...), or null when it names none of them. */
export function createCliAgent(spec: string): Agent | null {
  const trimmed = spec.trim();
  const cli = cliNames.find((name) => trimmed === name || trimmed.startsWith(`${name}:`));
  if (cli === undefined) return null;
  if (trimmed === cli) return factories[cli]({ model: null });
  const model = trimmed.slice(cli.length + 1);
  if (model.trim() === '') {
    throw new ConfigError(`Cannot use the agent \`${spec}\`: expected a model after \`${cli}:\`, e.g. \`${cli}:<model>\`, or \`${cli}\` alone for its default model.`);
  }
  if (model.startsWith('-') || /\s/.test(model)) {
    throw new ConfigError(`Cannot use the agent \`${spec}\`: expected a model name without spaces that does not start with \`-\`, got \`${model}\`.`);
  }
  return factories[cli]({ model });
}
