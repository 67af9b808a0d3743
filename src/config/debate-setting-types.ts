import path from 'node:path';
import { agentNames } from '../agents/agent-names.js';
import { ConfigError } from '../errors.js';
import { parsePullRequest } from '../github/parse-pull-request.js';
import { reportFormats, type ReportFormat } from '../report/report-formats.js';
import { flagText, type SettingType } from './setting-type.js';

/** `claude[:<model>]` → `claude`: the agent families `createAgent` knows; it checks the rest. */
const agentFamilies: ReadonlySet<string> = new Set(agentNames.map((name) => /^[a-z]+/.exec(name)?.[0] ?? name));

/**
 * An agent spec. A flag's is checked when the agents are created, with a suggestion; a file's
 * family is checked on reading, since a committed file is wrong for everyone who runs it.
 */
export const agentSpec: SettingType<string, string> = {
  input: 'value',
  placeholder: '<agent>',
  accepts: `agent: ${agentNames.map((name) => `\`${name}\``).join(', ')}`,
  fromFlag: flagText,
  spell: (value) => value,
  file: {
    allowed: `an agent name: ${agentNames.join(', ')}`,
    check: (value): value is string => typeof value === 'string' && agentFamilies.has(value.trim().split(':', 1)[0] ?? ''),
    read: (value) => value,
  },
};

/**
 * The debate file. A flag names it from the current folder (`../reply.md` may be inside the work
 * tree), resolved and checked when the debate starts; the file names it from the work tree's root,
 * and is read on every OS, so a Windows-absolute path is refused on Linux too.
 */
export const debateFilePath: SettingType<string, string> = {
  input: 'value',
  placeholder: '<path>',
  accepts: 'path inside the work tree',
  fromFlag: flagText,
  spell: (value) => value,
  file: {
    allowed: 'a relative path inside the repository, without `..`',
    check: (value): value is string =>
      typeof value === 'string' && value.trim() !== '' && !path.posix.isAbsolute(value) && !path.win32.isAbsolute(value) && !value.split(/[\\/]/).includes('..'),
    read: (value) => value,
  },
};

/** US dollars above 0: `0.50` or `$0.50` in a flag, a number in the file. */
export const dollars: SettingType<number, number> = {
  input: 'value',
  placeholder: '<usd>',
  accepts: 'US dollars above 0',
  fromFlag: (input, flag) => {
    const typed = flagText(input);
    const value = Number(typed.trim().replace(/^\$/, ''));
    if (!/^\$?\d+(\.\d+)?$/.test(typed.trim()) || !(value > 0)) {
      throw new ConfigError(`Expected \`${flag}\` to be a number of US dollars above 0, e.g. 0.50, got \`${typed}\`.`);
    }
    return value;
  },
  spell: String,
  file: {
    allowed: 'a number of dollars above 0, e.g. 0.5',
    check: (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
    read: (value) => value,
  },
};

// A remote is passed to git as an argument of its own: one that starts with `-` would be read as an option.
const isRemote = (value: string): boolean => value.trim() !== '' && !value.trim().startsWith('-');

/** A git remote's name or URL. */
export const remoteName: SettingType<string, string> = {
  input: 'value',
  placeholder: '<remote>',
  accepts: 'git remote name or URL',
  fromFlag: (input, flag) => {
    const typed = flagText(input);
    if (isRemote(typed)) return typed.trim();
    throw new ConfigError(`Expected \`${flag}\` to name a git remote or give its URL, e.g. ${flag} origin, got \`${typed}\`.`);
  },
  spell: (value) => value,
  file: {
    allowed: 'a remote name or URL',
    check: (value): value is string => typeof value === 'string' && isRemote(value),
    read: (value) => value.trim(),
  },
};

export interface ReportTarget {
  format: ReportFormat;
  /** As typed: relative to the folder the command runs in. */
  file: string;
}

/** `--report sarif:out/review.sarif`, repeatable: a format of `show --format` and a file. */
export const reportTargets: SettingType<ReportTarget[]> = {
  input: 'repeated',
  placeholder: '<format>:<file>',
  accepts: `\`<format>:<file>\`, repeatable; formats: ${reportFormats.join(', ')}`,
  fromFlag: (input, flag) => (Array.isArray(input) ? input : [flagText(input)]).map((value) => readReportTarget(value, flag)),
  spell: (targets) => targets.map(({ format, file }) => `${format}:${file}`).join(' '),
};

function readReportTarget(value: string, flag: string): ReportTarget {
  const colon = value.indexOf(':');
  const format = value.slice(0, colon);
  const file = value.slice(colon + 1);
  if (colon === -1 || file.trim() === '' || !(reportFormats as readonly string[]).includes(format)) {
    throw new ConfigError(`Expected \`${flag}\` to be <format>:<file> with a format of ${reportFormats.join(', ')}, e.g. ${flag} sarif:review.sarif, got \`${value}\`.`);
  }
  return { format: format as ReportFormat, file };
}

/** `42`, `#42` or a pull request's URL: checked before any debate runs. */
export const pullRequestTarget: SettingType<string> = {
  input: 'value',
  placeholder: '<number|url>',
  accepts: "pull request's number or URL",
  fromFlag: (input, flag) => {
    const trimmed = flagText(input).trim();
    if (parsePullRequest(/^\d+$/.test(trimmed) ? `#${trimmed}` : trimmed) !== null) return trimmed;
    throw new ConfigError(`Expected \`${flag}\` to be a pull request's number or URL, e.g. ${flag} 42, got \`${flagText(input)}\`.`);
  },
  spell: (value) => value,
};
