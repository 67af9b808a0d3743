import { ConfigError } from '../errors.js';
import type { Agent } from './agent.js';
import { createBuiltinAgent } from './builtin/create-builtin-agent.js';
import { createCmdAgent } from './cmd-agent.js';

/** The agent `--agent` names: `builtin` (the default) or `cmd:<program> [args...]`. */
export function createAgent(spec: string): Agent {
  const trimmed = spec.trim();
  if (trimmed === 'builtin') return createBuiltinAgent();
  if (trimmed.startsWith('cmd:')) return createCmdAgent(trimmed.slice('cmd:'.length));
  throw new ConfigError(
    `Cannot use the agent \`${spec}\`: expected \`builtin\` or \`cmd:<program> [args...]\`, ` +
      "e.g. --agent builtin or --agent 'cmd:./my-agent --strict'.",
  );
}
