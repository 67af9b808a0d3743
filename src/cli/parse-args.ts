import { parseArgs } from 'node:util';
import type { Role } from '../agents/agent.js';
import { ConfigError } from '../errors.js';
import { stances, type Stance } from '../prompts/build-prompt.js';
import { severities, type Severity } from '../protocol/document.js';
import { parseDuration } from './parse-duration.js';

/**
 * The debate settings as the command line gives them: each one absent unless its flag was passed,
 * so that `.code-debate.json` can fill it (see resolveSettings). Values are already checked.
 */
export interface DebateFlags {
  file?: string;
  role: Role | 'auto';
  agent?: string;
  reviewerAgent?: string;
  responderAgent?: string;
  maxRounds?: number;
  turnTimeoutMs?: number;
  agentTimeoutMs?: number;
  maxDiffBytes?: number;
  stance?: Stance;
  /** Force polling every `pollMs` (`--poll`); null for native events. */
  pollMs: number | null;
  /** Events as newline-delimited JSON on stdout. */
  json: boolean;
  blockOn?: Severity;
  timeLimitMs?: number;
  timeLimitFails?: 'open' | 'closed';
}

export type Command =
  | { command: 'debate' | 'duo'; subject: string; cwd: string; flags: DebateFlags }
  | { command: 'pre-push'; remote: string; url: string; cwd: string; flags: DebateFlags }
  | { command: 'show' | 'status'; file: string | undefined; cwd: string; json: boolean }
  | { command: 'hook'; action: 'install' | 'uninstall'; cwd: string }
  | { command: 'archive'; file: string | undefined; cwd: string }
  | { command: 'demo'; keep: boolean }
  | { command: 'help' }
  | { command: 'version' };

export const defaults = {
  file: 'reply.md',
  agent: 'auto',
  maxRounds: 5,
  turnTimeout: '10m',
  agentTimeout: '8m',
  // resolveSubject's own default (defaultMaxDiffBytes), repeated so that reading the settings does not load git's diff code.
  maxDiffBytes: 200_000,
  blockOn: 'high',
  timeLimit: '30m',
  timeLimitFails: 'open',
} as const;

const options = {
  role: { type: 'string' },
  agent: { type: 'string' },
  'reviewer-agent': { type: 'string' },
  'responder-agent': { type: 'string' },
  file: { type: 'string' },
  'max-rounds': { type: 'string' },
  'turn-timeout': { type: 'string' },
  'agent-timeout': { type: 'string' },
  poll: { type: 'string' },
  'max-diff-bytes': { type: 'string' },
  stance: { type: 'string' },
  'block-on': { type: 'string' },
  'time-limit': { type: 'string' },
  'time-limit-fails': { type: 'string' },
  cwd: { type: 'string', short: 'C' },
  keep: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

/** Commands named by the first word; any other first word starts a subject. */
const commandWords = ['duo', 'show', 'status', 'hook', 'archive', 'demo', 'pre-push'] as const;

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
  const here = values.cwd ?? cwd;
  const [first, ...rest] = positionals;
  // `show`, `demo`... alone are commands; followed by more words they start a subject (`demo mode`).
  const alone = ['show', 'status', 'archive', 'demo'];
  const word = (commandWords as readonly string[]).includes(first ?? '') && !(alone.includes(first ?? '') && rest.length > 0) ? first : null;
  switch (word) {
    case 'demo':
      return { command: 'demo', keep: values.keep ?? false };
    case 'show':
    case 'status':
      return { command: word, file: values.file, cwd: here, json: values.json ?? false };
    case 'archive':
      return { command: 'archive', file: values.file, cwd: here };
    case 'hook': {
      const action = rest[0];
      if ((action !== 'install' && action !== 'uninstall') || rest.length > 1) {
        throw new ConfigError(`Expected \`code-debate hook install\` or \`code-debate hook uninstall\`, got \`code-debate ${positionals.join(' ')}\`.`);
      }
      return { command: 'hook', action, cwd: here };
    }
    case 'pre-push': {
      // git runs the hook as `pre-push <remote> <url>`; a push to a bare path has the path as both.
      if (rest.length > 2) throw new ConfigError(`Expected \`code-debate pre-push <remote> <url>\` as git runs it, got ${rest.length} arguments.`);
      return { command: 'pre-push', remote: rest[0] ?? '', url: rest[1] ?? rest[0] ?? '', cwd: here, flags: readFlags(values) };
    }
  }
  const subject = (word === 'duo' ? rest : positionals).join(' ').trim();
  if (subject === '') {
    throw new ConfigError('Expected a subject to review, e.g. `code-debate "the diff against main"` or `code-debate commit abc123`. Run `code-debate --help` for more.');
  }
  return { command: word === 'duo' ? 'duo' : 'debate', subject, cwd: here, flags: readFlags(values) };
}

type Values = ReturnType<typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true; strict: true }>>['values'];

function readFlags(values: Values): DebateFlags {
  const flags: DebateFlags = { role: parseRole(values.role), pollMs: values.poll === undefined ? null : parseInteger(values.poll, '--poll', 10, 600_000), json: values.json ?? false };
  if (values.file !== undefined) flags.file = values.file;
  if (values.agent !== undefined) flags.agent = values.agent;
  if (values['reviewer-agent'] !== undefined) flags.reviewerAgent = values['reviewer-agent'];
  if (values['responder-agent'] !== undefined) flags.responderAgent = values['responder-agent'];
  if (values['max-rounds'] !== undefined) flags.maxRounds = parseInteger(values['max-rounds'], '--max-rounds', 1, 100);
  if (values['turn-timeout'] !== undefined) flags.turnTimeoutMs = parseDuration(values['turn-timeout'], '--turn-timeout');
  if (values['agent-timeout'] !== undefined) flags.agentTimeoutMs = parseDuration(values['agent-timeout'], '--agent-timeout');
  if (values['max-diff-bytes'] !== undefined) flags.maxDiffBytes = parseInteger(values['max-diff-bytes'], '--max-diff-bytes', 0, 100_000_000);
  if (values.stance !== undefined) flags.stance = parseStance(values.stance);
  if (values['block-on'] !== undefined) flags.blockOn = parseChoice(values['block-on'], '--block-on', severities);
  if (values['time-limit'] !== undefined) flags.timeLimitMs = parseDuration(values['time-limit'], '--time-limit');
  if (values['time-limit-fails'] !== undefined) flags.timeLimitFails = parseChoice(values['time-limit-fails'], '--time-limit-fails', ['open', 'closed'] as const);
  return flags;
}

function parseChoice<T extends string>(value: string, flag: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`Expected \`${flag}\` to be one of ${allowed.join(', ')}, got \`${value}\`.`);
}

function parseStance(value: string): Stance {
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
