import type { DebateFlags } from '../config/settings.js';
import { ConfigError } from '../errors.js';
import type { Severity } from '../protocol/document.js';
import type { GateMode } from '../protocol/reproduction-modes.js';
import type { ReportFormat } from '../report/report-formats.js';
import { readFlags, readOption, refuseOptions, refuseSplitDurations, splitCommandLine, type ParsedLine } from './command-line-options.js';
import { refuseNearCommand } from './refuse-near-command.js';
import { commandTargets, type CommandTarget } from '../hook/install-session-commands.js';
import { subcommands, type Subcommand } from './subcommands.js';

export type Command =
  /** `quoted`: the subject came with --subject or after `--`, so it may be any free text; typed words are checked first (checkTypedSubject). */
  | { command: 'debate' | 'duo'; subject: string; quoted: boolean; cwd: string; flags: DebateFlags }
  | { command: 'pre-push'; remote: string; url: string; cwd: string; flags: DebateFlags }
  | {
      command: 'show';
      file: string | undefined;
      cwd: string;
      format: ReportFormat;
      output: string | null;
      blockOn?: Severity;
      blockReproduced?: GateMode;
      postToPr?: string;
      remote?: RemoteChoice;
    }
  /** `archived`: list the archived debates (`--archived`) instead of one debate's state. */
  | { command: 'status'; file: string | undefined; cwd: string; json: boolean; archived: boolean; remote?: RemoteChoice }
  | { command: 'hook'; action: 'install' | 'uninstall'; cwd: string }
  | { command: 'archive'; file: string | undefined; cwd: string; remote?: RemoteChoice }
  | { command: 'keep-edit'; file: string | undefined; cwd: string }
  | { command: 'demo'; keep: boolean }
  /** `dataset`: the folder as typed, null for the one shipped; `jobs`: cases debated at once. */
  | { command: 'eval'; dataset: string | null; cwd: string; flags: DebateFlags; jobs: number; keep: boolean }
  /** `subject`: null when not given (a later call of the session, or one that joins a debate under way). */
  | { command: 'turn'; subject: string | null; session: string | null; cwd: string; flags: DebateFlags }
  /** `answer`: the file to read the answer from; `answerText`: the answer itself; both null for stdin. */
  | { command: 'submit'; session: string | null; answer: string | null; answerText: string | null; cwd: string; flags: DebateFlags }
  | { command: 'install-commands'; targets: CommandTarget[]; user: boolean; uninstall: boolean; cwd: string }
  | { command: 'mcp'; cwd: string }
  | { command: 'help'; topic?: HelpTopic }
  | { command: 'version' };

/** What `help <topic>` explains: a command, or `debate`, one side of a debate (`code-debate <subject>`). */
export type HelpTopic = Exclude<Subcommand, 'help'> | 'debate';

/** `--remote <remote> [--debate <name>]` of `show`, `status` and `archive`: a debate on a git remote. */
export interface RemoteChoice {
  remote: string;
  debate: string | undefined;
}

/**
 * argv (without node and the script) → the command to run. Every mistake is a ConfigError. A
 * first word that names a command runs it; one a letter or two from a command's name is
 * refused with "did you mean", as is a command word followed by words it does not take: a
 * subject that starts with such a word is given with --subject or after `--`.
 */
export function parseCommandLine(argv: readonly string[], cwd: string): Command {
  const { values, tokens } = splitCommandLine(argv);
  // Words after `--` are a subject, whatever they say.
  const terminator = tokens.find((token) => token.kind === 'option-terminator')?.index ?? Number.POSITIVE_INFINITY;
  const positionals = tokens.flatMap((token) => (token.kind === 'positional' ? [token] : []));
  const words = positionals.filter((token) => token.index < terminator).map((token) => token.value);
  const quoted = positionals.filter((token) => token.index > terminator).map((token) => token.value);
  const first = words[0];
  const word = (subcommands as readonly string[]).includes(first ?? '') ? (first as Subcommand) : null;
  if (readOption(values, 'version') === true) return { command: 'version' };
  if (readOption(values, 'help') === true || word === 'help') return helpFor(word === 'help' ? words[1] : (word ?? (first === 'debate' ? first : null)));
  refuseSplitDurations(tokens);
  const here = readOption(values, 'cwd') ?? cwd;
  const rest = words.slice(1);
  if (word !== null) refuseOptions(word, tokens);
  switch (word) {
    case 'demo':
      takesNoWords('demo', rest, rest);
      return { command: 'demo', keep: readOption(values, 'keep') ?? false };
    case 'show':
    case 'status':
    case 'archive':
    case 'keep-edit': {
      // A file named after `--` is a file too (`show -- -odd-name.md`).
      const files = [...rest, ...quoted];
      takesNoWords(word, files, files.slice(1), `${word} <file>`);
      const named = readOption(values, 'file');
      if (files[0] !== undefined && named !== undefined) {
        throw new ConfigError(`\`code-debate ${word}\` was given two files, \`${files[0]}\` and --file \`${named}\`: name one.`);
      }
      const file = files[0] ?? named;
      if (word === 'keep-edit') return { command: 'keep-edit', file, cwd: here };
      const remote = remoteChoice(word, values, file);
      if (word === 'archive') return { command: 'archive', file, cwd: here, ...remote };
      if (word === 'status') return { command: 'status', file, cwd: here, json: readOption(values, 'json') ?? false, archived: archivedList(values, file), ...remote };
      const blockOn = readOption(values, 'blockOn');
      const blockReproduced = readOption(values, 'blockReproduced');
      const postToPr = readOption(values, 'postToPr');
      const given = {
        ...(blockOn === undefined ? {} : { blockOn }),
        ...(blockReproduced === undefined ? {} : { blockReproduced }),
        ...(postToPr === undefined ? {} : { postToPr }),
      };
      return { command: 'show', file, cwd: here, format: readFormat(values), output: readOption(values, 'output') ?? null, ...given, ...remote };
    }
    case 'eval': {
      const datasets = [...rest, ...quoted];
      takesNoWords('eval', datasets, datasets.slice(1), 'eval [<dataset>]');
      return {
        command: 'eval',
        dataset: datasets[0] ?? null,
        cwd: here,
        flags: readFlags(values),
        jobs: readOption(values, 'jobs') ?? 1,
        keep: readOption(values, 'keep') ?? false,
      };
    }
    case 'hook': {
      const action = rest[0];
      if ((action !== 'install' && action !== 'uninstall') || rest.length > 1) {
        throw new ConfigError(`Expected \`code-debate hook install\` or \`code-debate hook uninstall\`, got \`code-debate ${words.join(' ')}\`.`);
      }
      return { command: 'hook', action, cwd: here };
    }
    case 'turn': {
      const given = readOption(values, 'subject');
      const typed = [...rest, ...quoted].join(' ').trim();
      if (given !== undefined && typed !== '') throw new ConfigError(`The subject was given twice, as --subject \`${given}\` and as \`${typed}\`: give it once.`);
      const subject = (given ?? typed).trim();
      return { command: 'turn', subject: subject === '' ? null : subject, session: readOption(values, 'session') ?? null, cwd: here, flags: readFlags(values) };
    }
    case 'submit':
      takesNoWords('submit', [...rest, ...quoted], [...rest, ...quoted], 'submit --session <id> [--answer <file> | --answer-text <answer>]');
      const answer = readOption(values, 'answer') ?? null;
      const answerText = readOption(values, 'answerText') ?? null;
      if (answer !== null && answerText !== null) throw new ConfigError('`code-debate submit` takes one answer: give `--answer <file>` or `--answer-text <answer>`, not both.');
      return { command: 'submit', session: readOption(values, 'session') ?? null, answer, answerText, cwd: here, flags: readFlags(values) };
    case 'mcp':
      takesNoWords('mcp', [...rest, ...quoted], [...rest, ...quoted]);
      return { command: 'mcp', cwd: here };
    case 'install-commands': {
      const target = rest[0];
      if (rest.length !== 1 || (target !== 'all' && !(commandTargets as readonly string[]).includes(target ?? ''))) {
        throw new ConfigError(
          `Expected \`code-debate install-commands claude|codex|gemini|all\`, got \`code-debate ${words.join(' ')}\`: name the agent CLI to install the /code-debate command for.`,
        );
      }
      const targets = target === 'all' ? [...commandTargets] : [target as CommandTarget];
      return { command: 'install-commands', targets, user: readOption(values, 'user') ?? false, uninstall: readOption(values, 'uninstall') ?? false, cwd: here };
    }
    case 'pre-push': {
      // git runs the hook as `pre-push <remote> <url>`; a push to a bare path has the path as both.
      if (rest.length > 2) throw new ConfigError(`Expected \`code-debate pre-push <remote> <url>\` as git runs it, got ${rest.length} arguments.`);
      return { command: 'pre-push', remote: rest[0] ?? '', url: rest[1] ?? rest[0] ?? '', cwd: here, flags: readFlags(values) };
    }
  }
  if (word === null) refuseOptions('debate', tokens);
  const typed = word === 'duo' ? rest : words;
  const given = readOption(values, 'subject');
  if (given !== undefined && typed.length + quoted.length > 0) {
    throw new ConfigError(`The subject was given twice, as --subject \`${given}\` and as \`${[...typed, ...quoted].join(' ')}\`: give it once.`);
  }
  // A subject typed as one quoted word (`"show reply.md"`) is read by its first word too.
  const typedWords = typed
    .join(' ')
    .trim()
    .split(/\s+/)
    .filter((typedWord) => typedWord !== '');
  if (typedWords[0] !== undefined) refuseNearCommand(typedWords.join(' '), typedWords[0], typedWords.length === 1, here);
  const subject = (given ?? [...typed, ...quoted].join(' ')).trim();
  if (subject === '') {
    throw new ConfigError('Expected a subject to review, e.g. `code-debate "the diff against main"` or `code-debate commit abc123`. Run `code-debate --help` for more.');
  }
  const quotedSubject = given !== undefined || quoted.length > 0;
  return { command: word === 'duo' ? 'duo' : 'debate', subject, quoted: quotedSubject, cwd: here, flags: readFlags(values) };
}

/** `help [<command>]`, `<command> --help`; `debate` is the topic of one side of a debate, the command without a word. */
function helpFor(topic: string | undefined | null): Command {
  if (topic === undefined || topic === null || topic === 'help') return { command: 'help' };
  if (topic === 'debate' || (subcommands as readonly string[]).includes(topic)) return { command: 'help', topic: topic as HelpTopic };
  throw new ConfigError(
    `There is no command \`${topic}\` to explain: the commands are ${subcommands.join(', ')}, and \`debate\` explains a debate's options. Run \`code-debate --help\`.`,
  );
}

/** Refuses the `extra` words of the `typed` ones after `command`; the subject it suggests is every word typed. */
function takesNoWords(command: Subcommand, typed: readonly string[], extra: readonly string[], usage: string = command): void {
  if (extra.length === 0) return;
  const text = [command, ...typed].join(' ');
  throw new ConfigError(
    `\`code-debate ${text}\`: \`${command}\` is a command (\`code-debate ${usage}\`), and it takes no \`${extra.join(' ')}\`. ` +
      `To debate the subject "${text}", give it as \`code-debate --subject "${text}"\` or \`code-debate -- ${text}\`.`,
  );
}

/** `--format` of `show`, `--json` being `--format json`. */
function readFormat(values: ParsedLine['values']): ReportFormat {
  const format = readOption(values, 'format');
  const json = readOption(values, 'json') ?? false;
  if (format === undefined) return json ? 'json' : 'text';
  if (json && format !== 'json') throw new ConfigError(`\`code-debate show\` was given --json and --format ${format}: --json is --format json, so name one.`);
  return format;
}

/** `status --archived`: the list of every archived debate, so no one debate is named. */
function archivedList(values: ParsedLine['values'], file: string | undefined): boolean {
  if (readOption(values, 'archived') !== true) return false;
  if (file !== undefined)
    throw new ConfigError(
      `\`code-debate status --archived\` lists every archived debate, and was given a file, \`${file}\`: to read one, run \`code-debate status ${file}\` without --archived.`,
    );
  if (values.remote !== undefined)
    throw new ConfigError("`code-debate status --archived` lists the debates archived under this work tree's git directory, not on a remote: leave out --remote.");
  return true;
}

/** `--remote` (and `--debate`) of a reading command, which then reads no file. */
function remoteChoice(word: string, values: ParsedLine['values'], file: string | undefined): { remote?: RemoteChoice } {
  const remote = readOption(values, 'remote');
  const debate = readOption(values, 'debate');
  if (remote === undefined) {
    if (debate !== undefined) throw new ConfigError(`\`code-debate ${word} --debate\` names a debate on a git remote: give the remote too, e.g. \`--remote origin\`.`);
    return {};
  }
  if (file !== undefined) throw new ConfigError(`\`code-debate ${word}\` was given a file, \`${file}\`, and --remote: a debate on a remote is named with --debate.`);
  return { remote: { remote, debate } };
}
