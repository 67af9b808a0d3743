import { parseArgs } from 'node:util';
import type { Role } from '../agents/agent.js';
import { ConfigError } from '../errors.js';
import { defaultMaxDiffBytes } from '../git/resolve-subject.js';
import { stances, type Stance } from '../prompts/build-prompt.js';
import type { SessionOptions } from '../session/run-session.js';
import { parseDuration } from './parse-duration.js';

/** What the command line sets of a session; the rest (signal, reporter) comes from the CLI. */
export type DebateCommand = { command: 'debate' } & Omit<SessionOptions, 'safetyNetMs' | 'signal' | 'report' | 'agentEnvironment'>;

export type Command =
  | DebateCommand
  | { command: 'show'; file: string; cwd: string; json: boolean }
  | { command: 'demo'; keep: boolean }
  | { command: 'help' }
  | { command: 'version' };

export const defaults = {
  file: 'reply.md',
  agent: 'auto',
  maxRounds: 5,
  turnTimeout: '10m',
  agentTimeout: '8m',
} as const;

const options = {
  role: { type: 'string' },
  agent: { type: 'string' },
  file: { type: 'string' },
  'max-rounds': { type: 'string' },
  'turn-timeout': { type: 'string' },
  'agent-timeout': { type: 'string' },
  poll: { type: 'string' },
  'max-diff-bytes': { type: 'string' },
  stance: { type: 'string' },
  cwd: { type: 'string', short: 'C' },
  keep: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

/** argv (without node and the script) → the command to run. Every mistake is a ConfigError. */
export function parseCommandLine(argv: readonly string[], cwd: string): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message.replace(/\.$/, '')}. Run \`code-debate --help\` for the options.`, { cause: error });
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  if (positionals.length === 1 && positionals[0] === 'demo') return { command: 'demo', keep: values.keep ?? false };
  if (positionals.length === 1 && positionals[0] === 'show') {
    return { command: 'show', file: values.file ?? defaults.file, cwd: values.cwd ?? cwd, json: values.json ?? false };
  }
  const subject = positionals.join(' ').trim();
  if (subject === '') {
    throw new ConfigError('Expected a subject to review, e.g. `code-debate "the diff against main"` or `code-debate commit abc123`. Run `code-debate --help` for more.');
  }
  return {
    command: 'debate',
    subject,
    cwd: values.cwd ?? cwd,
    file: values.file ?? defaults.file,
    role: parseRole(values.role),
    agent: values.agent ?? process.env.CODE_DEBATE_AGENT ?? defaults.agent,
    maxRounds: parseInteger(values['max-rounds'] ?? String(defaults.maxRounds), '--max-rounds', 1, 100),
    turnTimeoutMs: parseDuration(values['turn-timeout'] ?? defaults.turnTimeout, '--turn-timeout'),
    agentTimeoutMs: parseDuration(values['agent-timeout'] ?? defaults.agentTimeout, '--agent-timeout'),
    pollMs: values.poll === undefined ? null : parseInteger(values.poll, '--poll', 10, 600_000),
    maxDiffBytes: parseInteger(values['max-diff-bytes'] ?? String(defaultMaxDiffBytes), '--max-diff-bytes', 0, 100_000_000),
    stance: parseStance(values.stance),
  };
}

function parseStance(value: string | undefined): Stance {
  if (value === undefined) return 'default';
  if ((stances as readonly string[]).includes(value)) return value as Stance;
  throw new ConfigError(`Expected \`--stance\` to be ${stances.join(' or ')}, got \`${value}\`.`);
}

function parseRole(value: string | undefined): Role | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'reviewer' || value === 'responder') return value;
  throw new ConfigError(`Expected \`--role\` to be reviewer or responder, got \`${value}\`.`);
}

function parseInteger(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new ConfigError(`Expected \`${flag}\` to be a whole number from ${min} to ${max}, got \`${text}\`.`);
  }
  return value;
}
