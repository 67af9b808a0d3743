import path from 'node:path';
import type { Role } from '../protocol/document.js';
import { agentNames, suggestAgent } from '../agents/agent-names.js';
import { cliAgentProducts, cliNameOf } from '../agents/presets/cli-agent-names.js';
import type { AgentEnvironment } from '../agents/create-agent.js';
import { findExecutable, isExecutableFile } from '../agents/presets/find-agent-on-path.js';
import { splitCommand } from '../agents/split-command.js';
import { ConfigError } from '../errors.js';

// The forms --agent takes (docs/agents.md); `auto` is resolved before this check. `session` is
// the side of `code-debate turn` and `submit`, never given with --agent (createAgent refuses it).
const known = /^(?:builtin|human|session|(?:claude|codex|gemini)(?::.+)?|(?:openai|ollama):.+|cmd:.*)$/s;

/**
 * What can be known of this side's agent before a role is claimed, checked then (exit 2), not at
 * the first turn after a peer waited for it: a spec of a known form, a `cmd:` program that exists
 * and runs, an agent CLI (claude, codex, gemini) on PATH, and a terminal for `human`. Every spec's form is checked; whether it can run, only for
 * the agent this side will use: the one of `role`, or with `auto` one both roles share (a
 * headless Reviewer may name a human Responder for the other terminal). Only light modules are
 * loaded: the adapters load after the claim. `root` is where the agents run.
 */
export async function checkAgentSpecs(specs: Record<Role, string>, root: string, environment: AgentEnvironment, role: Role | 'auto'): Promise<void> {
  for (const spec of new Set(Object.values(specs).map((value) => value.trim()))) {
    if (!known.test(spec)) {
      const near = suggestAgent(spec);
      const hint = near === null ? 'expected' : `did you mean \`${near}\`? Expected`;
      throw new ConfigError(`Cannot use the agent \`${spec}\`: ${hint} one of ${agentNames.map((name) => `\`${name}\``).join(', ')}, e.g. --agent builtin.`);
    }
  }
  const ours = role === 'auto' ? (specs.reviewer.trim() === specs.responder.trim() ? [specs.reviewer.trim()] : []) : [specs[role].trim()];
  for (const spec of ours) {
    if (spec === 'human' && !environment.isTerminal()) {
      throw new ConfigError(
        'Cannot use the agent `human`: it opens your editor, which needs a terminal, and stdin or stdout is not one. Run code-debate in a terminal, or choose another --agent.',
      );
    }
    if (spec.startsWith('cmd:')) await checkProgram(spec, root, environment.env);
    await checkInstalled(spec, environment.env);
  }
}

async function checkProgram(spec: string, root: string, env: NodeJS.ProcessEnv): Promise<void> {
  const [program] = splitCommand(spec.slice('cmd:'.length));
  if (program === undefined) throw new ConfigError('Cannot run the agent `cmd:`: expected a program after `cmd:`, e.g. `cmd:./my-agent --fast`.');
  // A path runs from the repository's root, where the agent runs; a bare name is looked up on PATH.
  const found = program.includes('/') || program.includes(path.sep) ? await isExecutableFile(path.resolve(root, program)) : (await findExecutable(program, env)) !== null;
  if (found) return;
  const where = program.includes('/') ? `\`${path.resolve(root, program)}\` is not an executable file` : `\`${program}\` is not on PATH`;
  throw new ConfigError(`Cannot run the agent \`${spec}\`: ${where}. Install it, fix the path (relative paths start at the repository's root), or choose another --agent.`);
}

/** claude, codex and gemini run from PATH: one that is not there fails its first turn, so it is refused now. */
async function checkInstalled(spec: string, env: NodeJS.ProcessEnv): Promise<void> {
  const cli = cliNameOf(spec);
  if (cli === null || (await findExecutable(cli, env)) !== null) return;
  const { product, npmPackage } = cliAgentProducts[cli];
  throw new ConfigError(
    `Cannot use the agent \`${spec}\`: ${product} is not installed here (\`${cli}\` is not on PATH). Install it (\`npm install -g ${npmPackage}\`), or choose another --agent, e.g. --agent builtin.`,
  );
}
