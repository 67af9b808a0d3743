import { cliAgentProducts, type CliName } from './cli-agent-names.js';
import { locateAgentOnPath } from './find-agent-on-path.js';

export interface AutoAgentChoice {
  /** The `--agent` value `auto` stands for. */
  spec: CliName | 'builtin';
  /** One line for the user saying which agent was picked and why. */
  message: string;
}

/** `--agent auto`: the first of claude, codex, gemini on PATH, else `builtin`. */
export async function resolveAutoAgent(env: NodeJS.ProcessEnv): Promise<AutoAgentChoice> {
  const found = await locateAgentOnPath(env);
  if (found === null) {
    return {
      spec: 'builtin',
      message:
        '--agent auto: none of claude, codex, gemini is on PATH, so using `builtin`, the offline rule-based reviewer (not a language model). ' +
        'Install one of them, or name an agent with --agent.',
    };
  }
  return {
    spec: found.name,
    message: `--agent auto: using \`${found.name}\` (${cliAgentProducts[found.name].product}, ${found.file}), the first of claude, codex, gemini on PATH.`,
  };
}
