import { parseArgs } from 'node:util';
import type { Role } from '../agents/agent.js';
import { maxAnswerBytesRange, maxOutputTokensRange, maxPeerBytesRange, maxTokensRange } from '../config/config.js';
import { editDistance } from '../edit-distance.js';
import { ConfigError } from '../errors.js';
import { stances, type Stance } from '../prompts/stance.js';
import { severities, type Severity } from '../protocol/document.js';
import { parseDuration, spellDuration } from './parse-duration.js';
import { refuseNearCommand } from './refuse-near-command.js';
import { parsePullRequest } from '../git/parse-pull-request.js';
import { reportFormats, type ReportFormat } from '../report/render-report.js';
import { subcommands, type Subcommand } from './subcommands.js';

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
  maxPeerBytes?: number;
  maxAnswerBytes?: number;
  maxOutputTokens?: number;
  maxTokens?: number;
  maxCostUsd?: number;
  stance?: Stance;
  /** Force polling every `pollMs` (`--poll`); null for native events. */
  pollMs: number | null;
  /** Events as newline-delimited JSON on stdout. */
  json: boolean;
  blockOn?: Severity;
  timeLimitMs?: number;
  timeLimitFails?: 'open' | 'closed';
  /** `--remote`: the git remote the debate lives on. */
  remote?: string;
  /** `--debate`: the debate's name on the remote. */
  debate?: string;
  heartbeatMs?: number;
  /** `--report <format>:<file>` of `duo` and `pre-push`, the file as typed (relative to the command's folder). */
  reports?: Array<{ format: ReportFormat; file: string }>;
  /** `--post-to-pr <number|url>` of `duo`: the pull request the summary is posted to. */
  postToPr?: string;
}

export type Command =
  /** `quoted`: the subject came with --subject or after `--`, so it may be any free text; typed words are checked first (checkTypedSubject). */
  | { command: 'debate' | 'duo'; subject: string; quoted: boolean; cwd: string; flags: DebateFlags }
  | { command: 'pre-push'; remote: string; url: string; cwd: string; flags: DebateFlags }
  | { command: 'show'; file: string | undefined; cwd: string; format: ReportFormat; output: string | null; blockOn?: Severity; postToPr?: string; remote?: RemoteChoice }
  /** `archived`: list the archived debates (`--archived`) instead of one debate's state. */
  | { command: 'status'; file: string | undefined; cwd: string; json: boolean; archived: boolean; remote?: RemoteChoice }
  | { command: 'hook'; action: 'install' | 'uninstall'; cwd: string }
  | { command: 'archive'; file: string | undefined; cwd: string; remote?: RemoteChoice }
  | { command: 'keep-edit'; file: string | undefined; cwd: string }
  | { command: 'demo'; keep: boolean }
  /** `dataset`: the folder as typed, null for the one shipped; `jobs`: cases debated at once. */
  | { command: 'eval'; dataset: string | null; cwd: string; flags: DebateFlags; jobs: number; keep: boolean }
  | { command: 'help'; topic?: Subcommand }
  | { command: 'version' };

/** `--remote <remote> [--debate <name>]` of `show`, `status` and `archive`: a debate on a git remote. */
export interface RemoteChoice {
  remote: string;
  debate: string | undefined;
}

export const defaults = {
  file: 'reply.md',
  agent: 'auto',
  maxRounds: 5,
  turnTimeout: '10m',
  agentTimeout: '8m',
  // resolveSubject's own default (defaultMaxDiffBytes), repeated so that reading the settings does not load git's diff code.
  maxDiffBytes: 200_000,
  maxPeerBytes: 65_536,
  maxAnswerBytes: 262_144,
  // Servers default to as little as 4,096 tokens, which cuts a long review short.
  maxOutputTokens: 16_384,
  blockOn: 'high',
  timeLimit: '30m',
  timeLimitFails: 'open',
  heartbeat: '30s',
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
  'max-peer-bytes': { type: 'string' },
  'max-answer-bytes': { type: 'string' },
  'max-output-tokens': { type: 'string' },
  'max-tokens': { type: 'string' },
  'max-cost': { type: 'string' },
  stance: { type: 'string' },
  'block-on': { type: 'string' },
  'time-limit': { type: 'string' },
  'time-limit-fails': { type: 'string' },
  subject: { type: 'string' },
  remote: { type: 'string' },
  debate: { type: 'string' },
  heartbeat: { type: 'string' },
  cwd: { type: 'string', short: 'C' },
  keep: { type: 'boolean' },
  json: { type: 'boolean' },
  archived: { type: 'boolean' },
  format: { type: 'string' },
  report: { type: 'string', multiple: true },
  'post-to-pr': { type: 'string' },
  output: { type: 'string' },
  jobs: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

type OptionName = keyof typeof options;


const debateOptions: readonly OptionName[] = [
  'agent', 'reviewer-agent', 'responder-agent', 'file', 'max-rounds', 'turn-timeout', 'agent-timeout',
  'poll', 'max-diff-bytes', 'max-peer-bytes', 'max-answer-bytes', 'max-output-tokens', 'max-tokens', 'max-cost',
  'stance', 'block-on', 'json', 'cwd',
];
/** The options each command takes (besides --help and --version); any other is refused, not ignored. */
const optionsOf: Record<Subcommand | 'debate', readonly OptionName[]> = {
  debate: ['role', ...debateOptions, 'subject', 'remote', 'debate', 'heartbeat'],
  // duo gives each side its role; the time limit is the pre-push gate's.
  duo: [...debateOptions, 'subject', 'report', 'post-to-pr'],
  'pre-push': [...debateOptions, 'time-limit', 'time-limit-fails', 'report'],
  show: ['file', 'json', 'format', 'output', 'block-on', 'post-to-pr', 'cwd', 'remote', 'debate'],
  status: ['file', 'json', 'archived', 'cwd', 'remote', 'debate'],
  archive: ['file', 'cwd', 'remote', 'debate'],
  'keep-edit': ['file', 'cwd'],
  hook: ['cwd'],
  demo: ['keep'],
  // Each case's debate has its own file in its own repository.
  eval: [...debateOptions.filter((name) => name !== 'file'), 'report', 'jobs', 'keep'],
  help: [],
};

/**
 * argv (without node and the script) → the command to run. Every mistake is a ConfigError. A
 * first word that names a command runs it; one a letter or two from a command's name is
 * refused with "did you mean", as is a command word followed by words it does not take: a
 * subject that starts with such a word is given with --subject or after `--`.
 */
export function parseCommandLine(argv: readonly string[], cwd: string): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: withNegativeValues(argv), options, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new ConfigError(`${describeParseError(error as Error & { code?: string })} Run \`code-debate --help\` for the options.`, { cause: error });
  }
  const { values, tokens } = parsed;
  // Words after `--` are a subject, whatever they say.
  const terminator = tokens.find((token) => token.kind === 'option-terminator')?.index ?? Number.POSITIVE_INFINITY;
  const positionals = tokens.flatMap((token) => (token.kind === 'positional' ? [token] : []));
  const words = positionals.filter((token) => token.index < terminator).map((token) => token.value);
  const quoted = positionals.filter((token) => token.index > terminator).map((token) => token.value);
  const first = words[0];
  const word = (subcommands as readonly string[]).includes(first ?? '') ? (first as Subcommand) : null;
  if (values.version) return { command: 'version' };
  if (values.help || word === 'help') return helpFor(word === 'help' ? words[1] : word);
  refuseSplitDurations(tokens);
  const here = values.cwd ?? cwd;
  const rest = words.slice(1);
  if (word !== null) refuseOptions(word, tokens);
  switch (word) {
    case 'demo':
      takesNoWords('demo', rest);
      return { command: 'demo', keep: values.keep ?? false };
    case 'show':
    case 'status':
    case 'archive':
    case 'keep-edit': {
      // A file named after `--` is a file too (`show -- -odd-name.md`).
      const files = [...rest, ...quoted];
      takesNoWords(word, files.slice(1), `${word} <file>`);
      if (files[0] !== undefined && values.file !== undefined) {
        throw new ConfigError(`\`code-debate ${word}\` was given two files, \`${files[0]}\` and --file \`${values.file}\`: name one.`);
      }
      const file = files[0] ?? values.file;
      if (word === 'keep-edit') return { command: 'keep-edit', file, cwd: here };
      const remote = remoteChoice(word, values, file);
      if (word === 'archive') return { command: 'archive', file, cwd: here, ...remote };
      if (word === 'status') return { command: 'status', file, cwd: here, json: values.json ?? false, archived: archivedList(values, file), ...remote };
      const blockOn = values['block-on'] === undefined ? {} : { blockOn: parseChoice(values['block-on'], '--block-on', severities) };
      const post = values['post-to-pr'] === undefined ? {} : { postToPr: parsePostTarget(values['post-to-pr']) };
      return { command: 'show', file, cwd: here, format: parseFormat(values.format, values.json ?? false), output: values.output ?? null, ...blockOn, ...post, ...remote };
    }
    case 'eval': {
      const datasets = [...rest, ...quoted];
      takesNoWords('eval', datasets.slice(1), 'eval [<dataset>]');
      const jobs = values.jobs === undefined ? 1 : parseInteger(values.jobs, '--jobs', 1, 64);
      return { command: 'eval', dataset: datasets[0] ?? null, cwd: here, flags: readFlags(values), jobs, keep: values.keep ?? false };
    }
    case 'hook': {
      const action = rest[0];
      if ((action !== 'install' && action !== 'uninstall') || rest.length > 1) {
        throw new ConfigError(`Expected \`code-debate hook install\` or \`code-debate hook uninstall\`, got \`code-debate ${words.join(' ')}\`.`);
      }
      return { command: 'hook', action, cwd: here };
    }
    case 'pre-push': {
      // git runs the hook as `pre-push <remote> <url>`; a push to a bare path has the path as both.
      if (rest.length > 2) throw new ConfigError(`Expected \`code-debate pre-push <remote> <url>\` as git runs it, got ${rest.length} arguments.`);
      return { command: 'pre-push', remote: rest[0] ?? '', url: rest[1] ?? rest[0] ?? '', cwd: here, flags: readFlags(values) };
    }
  }
  if (word === null) refuseOptions('debate', tokens);
  const typed = word === 'duo' ? rest : words;
  if (values.subject !== undefined && typed.length + quoted.length > 0) {
    throw new ConfigError(`The subject was given twice, as --subject \`${values.subject}\` and as \`${[...typed, ...quoted].join(' ')}\`: give it once.`);
  }
  // A subject typed as one quoted word (`"show reply.md"`) is read by its first word too.
  const typedWords = typed.join(' ').trim().split(/\s+/).filter((typedWord) => typedWord !== '');
  if (typedWords[0] !== undefined) refuseNearCommand(typedWords.join(' '), typedWords[0], typedWords.length === 1, here);
  const subject = (values.subject ?? [...typed, ...quoted].join(' ')).trim();
  if (subject === '') {
    throw new ConfigError('Expected a subject to review, e.g. `code-debate "the diff against main"` or `code-debate commit abc123`. Run `code-debate --help` for more.');
  }
  const quotedSubject = values.subject !== undefined || quoted.length > 0;
  return { command: word === 'duo' ? 'duo' : 'debate', subject, quoted: quotedSubject, cwd: here, flags: readFlags(values) };
}

/**
 * parseArgs' message in the user's terms: an unknown option names the nearest known one (`--agnet`
 * → `--agent`), and says how to give a subject that starts with `-` with its quotes balanced.
 */
function describeParseError(error: Error & { code?: string }): string {
  const unknown = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '([^']*)'/.exec(error.message)?.[1] : undefined;
  if (unknown === undefined) return `${error.message.replace(/\.$/, '')}.`;
  const near = nearestOption(unknown);
  if (near !== null) return `Unknown option \`${unknown}\`: did you mean \`${near}\`?`;
  return `Unknown option \`${unknown}\`. A subject that starts with \`-\` goes after \`--\`: \`code-debate -- ${unknown}\`.`;
}

/** The option `typed` is a typo of: one edit away (two for a long name), or the start of only one. */
function nearestOption(typed: string): string | null {
  if (/^-[^-]$/.test(typed)) {
    const short = Object.values(options).flatMap((option) => ('short' in option && option.short.toLowerCase() === typed[1]?.toLowerCase() ? [option.short] : []));
    return short[0] === undefined ? null : `-${short[0]}`;
  }
  const name = typed.replace(/^--?/, '').toLowerCase();
  const names = Object.keys(options);
  const limit = name.length <= 4 ? 1 : 2;
  const near = names.map((option) => ({ option, distance: editDistance(name, option) })).filter(({ distance }) => distance <= limit);
  near.sort((a, b) => a.distance - b.distance);
  const starting = names.filter((option) => name.length >= 3 && option.startsWith(name));
  const best = near[0]?.option ?? (starting.length === 1 ? starting[0] : undefined);
  return best === undefined ? null : `--${best}`;
}

/**
 * `--max-rounds -1` as `--max-rounds=-1`: parseArgs takes a value that starts with a dash for an
 * option and calls it ambiguous; a number is a value, which the option's own check then refuses
 * in the user's words.
 */
function withNegativeValues(argv: readonly string[]): string[] {
  const takesValue = new Set(Object.entries(options).filter(([, option]) => option.type === 'string').map(([name]) => `--${name}`));
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    if (takesValue.has(arg) && next !== undefined && /^-\d/.test(next)) {
      args.push(`${arg}=${next}`);
      i++;
    } else args.push(arg);
  }
  return args;
}

function helpFor(topic: string | undefined | null): Command {
  if (topic === undefined || topic === null || topic === 'help') return { command: 'help' };
  if ((subcommands as readonly string[]).includes(topic)) return { command: 'help', topic: topic as Subcommand };
  throw new ConfigError(`There is no command \`${topic}\` to explain: the commands are ${subcommands.join(', ')}. Run \`code-debate --help\`.`);
}

/** An option given to a command it does not apply to is refused, not silently ignored. */
function refuseOptions(command: Subcommand | 'debate', tokens: ReadonlyArray<{ kind: string; name?: string; rawName?: string }>): void {
  const allowed = optionsOf[command];
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'help' || token.name === 'version' || allowed.includes(token.name as OptionName)) continue;
    const takes = allowed.length === 0 ? 'no options' : allowed.map((name) => (name === 'cwd' ? '-C' : `--${name}`)).join(', ');
    const name = command === 'debate' ? 'a debate' : `\`code-debate ${command}\``;
    throw new ConfigError(`\`${token.rawName ?? token.name ?? ''}\` does not apply to ${name}: it takes ${takes}. Run \`code-debate ${command === 'debate' ? '' : `${command} `}--help\`.`);
  }
}

const durationOptions: ReadonlySet<string> = new Set(['turn-timeout', 'agent-timeout', 'time-limit', 'heartbeat']);

/**
 * `--turn-timeout 10 minutes HEAD` would be ten seconds and the subject "minutes HEAD": a
 * duration option's number followed by a unit word is refused with the spelling that works.
 */
function refuseSplitDurations(tokens: ReadonlyArray<{ kind: string; name?: string; rawName?: string; value?: string | undefined }>): void {
  for (const [index, token] of tokens.entries()) {
    const next = tokens[index + 1];
    if (token.kind !== 'option' || !durationOptions.has(token.name ?? '') || next?.kind !== 'positional' || next.value === undefined) continue;
    const number = token.value?.trim() ?? '';
    const spelled = /^\d+(?:\.\d+)?$/.test(number) ? spellDuration(number, next.value) : null;
    if (spelled === null) continue;
    throw new ConfigError(
      `\`${token.rawName ?? ''} ${number} ${next.value}\`: a duration is one word, and \`${next.value}\` would be read as the subject. Write \`${token.rawName ?? ''} ${spelled}\`.`,
    );
  }
}

function takesNoWords(command: Subcommand, extra: readonly string[], usage: string = command): void {
  if (extra.length === 0) return;
  const text = [command, ...extra].join(' ');
  throw new ConfigError(
    `\`code-debate ${text}\`: \`${command}\` is a command (\`code-debate ${usage}\`), and it takes no \`${extra.join(' ')}\`. ` +
      `To debate the subject "${text}", give it as \`code-debate --subject "${text}"\` or \`code-debate -- ${text}\`.`,
  );
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
  if (values['max-peer-bytes'] !== undefined) flags.maxPeerBytes = parseInteger(values['max-peer-bytes'], '--max-peer-bytes', maxPeerBytesRange.min, maxPeerBytesRange.max);
  if (values['max-answer-bytes'] !== undefined) flags.maxAnswerBytes = parseInteger(values['max-answer-bytes'], '--max-answer-bytes', maxAnswerBytesRange.min, maxAnswerBytesRange.max);
  if (values['max-output-tokens'] !== undefined) {
    flags.maxOutputTokens = parseInteger(values['max-output-tokens'], '--max-output-tokens', maxOutputTokensRange.min, maxOutputTokensRange.max);
  }
  if (values['max-tokens'] !== undefined) flags.maxTokens = parseInteger(values['max-tokens'], '--max-tokens', maxTokensRange.min, maxTokensRange.max);
  if (values['max-cost'] !== undefined) flags.maxCostUsd = parseDollars(values['max-cost']);
  if (values.stance !== undefined) flags.stance = parseStance(values.stance);
  if (values['block-on'] !== undefined) flags.blockOn = parseChoice(values['block-on'], '--block-on', severities);
  if (values['time-limit'] !== undefined) flags.timeLimitMs = parseDuration(values['time-limit'], '--time-limit');
  if (values.report !== undefined) flags.reports = values.report.map(parseReport);
  if (values['post-to-pr'] !== undefined) flags.postToPr = parsePostTarget(values['post-to-pr']);
  if (values.remote !== undefined) flags.remote = parseRemote(values.remote);
  if (values.debate !== undefined) flags.debate = values.debate;
  if (values.heartbeat !== undefined) flags.heartbeatMs = parseDuration(values.heartbeat, '--heartbeat');
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

/** `--report sarif:out/review.sarif`: a format of `show --format` and a file. */
function parseReport(value: string): { format: ReportFormat; file: string } {
  const colon = value.indexOf(':');
  const format = value.slice(0, colon);
  const file = value.slice(colon + 1);
  if (colon === -1 || file.trim() === '' || !(reportFormats as readonly string[]).includes(format)) {
    throw new ConfigError(`Expected \`--report\` to be <format>:<file> with a format of ${reportFormats.join(', ')}, e.g. --report sarif:review.sarif, got \`${value}\`.`);
  }
  return { format: format as ReportFormat, file };
}

/** `--post-to-pr 42`, `#42` or a pull request's URL: checked before any debate runs. */
function parsePostTarget(value: string): string {
  const trimmed = value.trim();
  if (parsePullRequest(/^\d+$/.test(trimmed) ? `#${trimmed}` : trimmed) !== null) return trimmed;
  throw new ConfigError(`Expected \`--post-to-pr\` to be a pull request's number or URL, e.g. --post-to-pr 42, got \`${value}\`.`);
}

/** `--format` of `show`, `--json` being `--format json`. */
function parseFormat(value: string | undefined, json: boolean): ReportFormat {
  if (value === undefined) return json ? 'json' : 'text';
  if (!(reportFormats as readonly string[]).includes(value)) throw new ConfigError(`Expected \`--format\` to be one of ${reportFormats.join(', ')}, got \`${value}\`.`);
  if (json && value !== 'json') throw new ConfigError(`\`code-debate show\` was given --json and --format ${value}: --json is --format json, so name one.`);
  return value as ReportFormat;
}

/** `status --archived`: the list of every archived debate, so no one debate is named. */
function archivedList(values: Values, file: string | undefined): boolean {
  if (values.archived !== true) return false;
  if (file !== undefined) throw new ConfigError(`\`code-debate status --archived\` lists every archived debate, and was given a file, \`${file}\`: to read one, run \`code-debate status ${file}\` without --archived.`);
  if (values.remote !== undefined) throw new ConfigError('`code-debate status --archived` lists the debates archived under this work tree\'s git directory, not on a remote: leave out --remote.');
  return true;
}

/** `--remote` (and `--debate`) of a reading command, which then reads no file. */
function remoteChoice(word: string, values: Values, file: string | undefined): { remote?: RemoteChoice } {
  if (values.remote === undefined) {
    if (values.debate !== undefined) throw new ConfigError(`\`code-debate ${word} --debate\` names a debate on a git remote: give the remote too, e.g. \`--remote origin\`.`);
    return {};
  }
  if (file !== undefined) throw new ConfigError(`\`code-debate ${word}\` was given a file, \`${file}\`, and --remote: a debate on a remote is named with --debate.`);
  return { remote: { remote: parseRemote(values.remote), debate: values.debate } };
}

function parseRemote(value: string): string {
  if (value.trim() !== '' && !value.startsWith('-')) return value.trim();
  throw new ConfigError(`Expected \`--remote\` to name a git remote or give its URL, e.g. --remote origin, got \`${value}\`.`);
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

/** `--max-cost 0.50` or `$0.50`: dollars above 0. */
function parseDollars(text: string): number {
  const value = Number(text.trim().replace(/^\$/, ''));
  if (!/^\$?\d+(\.\d+)?$/.test(text.trim()) || !(value > 0)) {
    throw new ConfigError(`Expected \`--max-cost\` to be a number of US dollars above 0, e.g. 0.50, got \`${text}\`.`);
  }
  return value;
}
