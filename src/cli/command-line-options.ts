import { parseArgs } from 'node:util';
import type { CommandName } from '../config/command-names.js';
import { duration, type FlagInput } from '../config/setting-type.js';
import type { DebateFlags } from '../config/settings.js';
import { settingEntries, settingsTable, type SettingEntry, type SettingName, type SettingsTable } from '../config/settings-table.js';
import { editDistance } from '../edit-distance.js';
import { ConfigError } from '../errors.js';
import { spellDuration } from '../parse-duration.js';

// The command line's options, all read from the settings table: which exist, what each takes,
// which command takes which, and how a mistake in one is told.

/** parseArgs' options: one per entry of the table. */
const options = Object.fromEntries(
  settingEntries.map(([, entry]) => [
    entry.flag,
    { type: entry.type.input === 'switch' ? 'boolean' : 'string', multiple: entry.type.input === 'repeated', ...(entry.short === undefined ? {} : { short: entry.short }) },
  ]),
) as Record<string, { type: 'boolean' | 'string'; multiple: boolean; short?: string }>;

/** parseArgs' tokens: each option as typed, each word, and `--`. */
export type Token =
  | { kind: 'option'; name: string; rawName: string; value: string | undefined; index: number }
  | { kind: 'positional'; value: string; index: number }
  | { kind: 'option-terminator'; index: number };

export interface ParsedLine {
  /** Each given option's input, by its flag. */
  values: Record<string, FlagInput | undefined>;
  tokens: Token[];
}

/** argv → its options and words; an unknown option, or one without its value, is a ConfigError. */
export function splitCommandLine(argv: readonly string[]): ParsedLine {
  try {
    const { values, tokens } = parseArgs({ args: withNegativeValues(argv), options, allowPositionals: true, strict: true, tokens: true });
    return { values: values as ParsedLine['values'], tokens: tokens as Token[] };
  } catch (error) {
    throw new ConfigError(`${describeParseError(error as Error & { code?: string })} Run \`code-debate --help\` for the options.`, { cause: error });
  }
}

type FlagValue<N extends SettingName> = ReturnType<SettingsTable[N]['type']['fromFlag']>;

/** Entry `name`'s value from its flag, checked; undefined when the flag was not given. */
export function readOption<N extends SettingName>(values: ParsedLine['values'], name: N): FlagValue<N> | undefined {
  const entry: SettingEntry = settingsTable[name];
  const input = values[entry.flag];
  return input === undefined ? undefined : (entry.type.fromFlag(input, `--${entry.flag}`) as FlagValue<N>);
}

/** The debate settings the flags give, each checked; a setting whose flag is absent is left to the settings file. */
export function readFlags(values: ParsedLine['values']): DebateFlags {
  const flags: Record<string, unknown> = {};
  for (const [name, entry] of settingEntries) {
    const value = entry.argument === true ? undefined : readOption(values, name);
    if (value !== undefined) flags[name] = value;
  }
  return flags as DebateFlags;
}

/** `--max-rounds`, or the one-letter form where an option has one (`-C`): as messages list an option. */
const spelled = (entry: SettingEntry): string => (entry.short === undefined ? `--${entry.flag}` : `-${entry.short}`);

/** The options `command` takes, in the table's order (besides --help and --version, which every command takes). */
export function optionsOf(command: CommandName): SettingEntry[] {
  return settingEntries.flatMap(([name, entry]) => (entry.commands.includes(command) && name !== 'help' && name !== 'version' ? [entry] : []));
}

/** An option given to a command it does not apply to is refused, not silently ignored. */
export function refuseOptions(command: CommandName, tokens: readonly Token[]): void {
  const allowed = optionsOf(command);
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'help' || token.name === 'version' || allowed.some((entry) => entry.flag === token.name)) continue;
    if (token.name === 'remote' && command === 'mcp') {
      throw new ConfigError(
        `\`${token.rawName}\` does not apply to \`code-debate mcp\`: the MCP server plays a debate in the repository it runs in, not one on a git remote. ` +
          'To play a session across two machines, have it call `code-debate turn --remote <remote>` and `code-debate submit --remote <remote>`, or run a headless side (`code-debate --remote <remote> --agent <agent> <subject>`).',
      );
    }
    const takes = allowed.length === 0 ? 'no options' : allowed.map(spelled).join(', ');
    const name = command === 'debate' ? 'a debate' : `\`code-debate ${command}\``;
    throw new ConfigError(`\`${token.rawName}\` does not apply to ${name}: it takes ${takes}. Run \`code-debate ${command === 'debate' ? '' : `${command} `}--help\`.`);
  }
}

const durationFlags: ReadonlySet<string> = new Set(settingEntries.flatMap(([, entry]) => (entry.type === duration ? [entry.flag] : [])));

/**
 * `--turn-timeout 10 minutes HEAD` would be ten seconds and the subject "minutes HEAD": a
 * duration option's number followed by a unit word is refused with the spelling that works.
 */
export function refuseSplitDurations(tokens: readonly Token[]): void {
  for (const [index, token] of tokens.entries()) {
    const next = tokens[index + 1];
    if (token.kind !== 'option' || !durationFlags.has(token.name) || next?.kind !== 'positional') continue;
    const number = token.value?.trim() ?? '';
    const spelt = /^\d+(?:\.\d+)?$/.test(number) ? spellDuration(number, next.value) : null;
    if (spelt === null) continue;
    throw new ConfigError(
      `\`${token.rawName} ${number} ${next.value}\`: a duration is one word, and \`${next.value}\` would be read as the subject. Write \`${token.rawName} ${spelt}\`.`,
    );
  }
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
    const short = settingEntries.flatMap(([, entry]) => (entry.short?.toLowerCase() === typed[1]?.toLowerCase() && entry.short !== undefined ? [entry.short] : []));
    return short[0] === undefined ? null : `-${short[0]}`;
  }
  const name = typed.replace(/^--?/, '').toLowerCase();
  const names = settingEntries.map(([, entry]) => entry.flag);
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
  const takesValue = new Set(settingEntries.flatMap(([, entry]) => (entry.type.input === 'switch' ? [] : [`--${entry.flag}`])));
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
