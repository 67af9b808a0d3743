import { ConfigError } from '../errors.js';
import type { Agent } from './agent.js';
import { agentNames } from './agent-names.js';
import { createBuiltinAgent } from './builtin/create-builtin-agent.js';
import { createCliAgent } from './presets/cli-agent-preset.js';
import { createCmdAgent } from './cmd-agent.js';
import { createHumanAgent } from './human/human-agent.js';
import { createOpenAiAgent } from './chat/openai-agent.js';
import { createSessionAgent, type SessionCall } from './session/session-agent.js';

/** What agents may read of the process they run in, and the settings they follow: passed in, so tests can set them. */
export interface AgentEnvironment {
  env: NodeJS.ProcessEnv;
  /** Whether a person is at a terminal (stdin and stdout are TTYs): the human agent needs one. */
  isTerminal: () => boolean;
  /** The most tokens a chat agent (`openai:`, `ollama:`) asks its server for in one answer (`--max-output-tokens`). */
  maxOutputTokens: number;
  /** For the side an interactive session plays (`code-debate turn`, `submit`): what this call brings. */
  sessionCall?: SessionCall;
  /** How long a chat agent's server may send no token once its answer began (`--agent-silence`). */
  silenceMs: number;
}

/** The agent `--agent` names; `auto` is resolved to one of them first (resolveAutoAgent). */
export function createAgent(spec: string, environment: AgentEnvironment): Agent {
  const trimmed = spec.trim();
  if (trimmed === 'builtin') return createBuiltinAgent();
  if (trimmed === 'human') return createHumanAgent(environment);
  if (trimmed === 'session') {
    if (environment.sessionCall === undefined) {
      throw new ConfigError('Cannot use the agent `session` with --agent: an interactive session plays it through `code-debate turn` and `code-debate submit`.');
    }
    return createSessionAgent(environment.sessionCall);
  }
  if (trimmed.startsWith('cmd:')) return createCmdAgent(trimmed.slice('cmd:'.length));
  const preset = createCliAgent(trimmed);
  if (preset !== null) return preset;
  const chat = /^(openai|ollama):(.*)$/s.exec(trimmed);
  if (chat) {
    return createOpenAiAgent({
      provider: chat[1] === 'ollama' ? 'ollama' : 'openai',
      model: chat[2] ?? '',
      env: environment.env,
      maxOutputTokens: environment.maxOutputTokens,
      silenceMs: environment.silenceMs,
    });
  }
  throw new ConfigError(
    `Cannot use the agent \`${spec}\`: expected one of ${agentNames.map((name) => `\`${name}\``).join(', ')}, ` +
      "e.g. --agent builtin, --agent ollama:qwen2.5-coder or --agent 'cmd:./my-agent --strict'.",
  );
}
