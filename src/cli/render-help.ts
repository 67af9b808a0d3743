import type { CommandName } from '../config/command-names.js';
import { spellDefault } from '../config/spell-default.js';
import { settingsTable, type SettingEntry } from '../config/settings-table.js';
import { commandHelp } from './command-help.js';
import { optionsOf } from './command-line-options.js';

/** Help is read in a terminal: every line fits 80 columns. */
const width = 80;
/** The widest the options' left column grows; a longer flag puts its help on the next line. */
const maxColumn = 34;

/** `code-debate --help`: the commands, one line each, and the options every command takes. */
export function renderTopHelp(): string {
  const commands = Object.entries(commandHelp).map(([name, help]) => [name === 'debate' ? '<subject...>' : name, help.summary] as const);
  return (
    [
      'code-debate: two agents review a change by debating through one Markdown file.',
      section('USAGE', ['code-debate [options] <subject...>', 'code-debate <command> [options]']),
      // The column fits `<subject...>`: a longer name (install-commands) starts its line's text after it.
      section('COMMANDS', columns([...commands, ['help', 'the help of a command: code-debate help <command>']], '<subject...>'.length + 2, true)),
      section('GLOBAL OPTIONS', renderOptions([settingsTable.help, settingsTable.version])),
      section(
        'EXAMPLES',
        renderExamples([commandHelp.demo.examples[0], commandHelp.debate.examples[0], commandHelp.duo.examples[0]].flatMap((example) => (example === undefined ? [] : [example]))),
      ),
      section('LEARN MORE', [
        ...wrap('`code-debate help debate` lists the subjects and the options of a debate; `code-debate <command> --help` those of a command, with examples.'),
        ...wrap('Settings: .code-debate.json at the repository root, or "codeDebate" in package.json; flags win (docs/configuration.md).'),
      ]),
      section('EXIT CODES', columns(exitCodeLines)),
    ].join('\n\n') + '\n'
  );
}

const exitCodeLines = [
  ['0', 'the debate ended with nothing blocking'],
  ['1', 'points at or above --block-on confirmed or disputed'],
  ['2', 'a usage or settings error, or both roles taken'],
  ['3', 'the peer did not take its turn within --turn-timeout (`turn`: the peer is gone)'],
  ['4', 'the agent failed'],
  ['5', 'the debate file breaks the protocol'],
  ['6', 'git could not resolve the subject or the repository'],
  ['7', 'the repository changed while an agent wrote its turn'],
  ['10 11', "`turn`: your turn / still the other side's"],
  ['12 13', '`submit`: not your turn / the answer was refused'],
  ['70', 'a bug in code-debate: please report it'],
  ['129 130 143', 'stopped by SIGHUP, SIGINT (Ctrl-C), SIGTERM'],
] as const;

/** `code-debate <command> --help`: what it does, how it is called, its options with their defaults, and examples. */
export function renderCommandHelp(command: CommandName): string {
  const help = commandHelp[command];
  return (
    [
      wrap(help.about, '').join('\n'),
      section('USAGE', help.usage),
      ...(help.sections ?? []).map(({ title, lines }) => section(title, lines)),
      section('OPTIONS', renderOptions(optionsOf(command), command)),
      section('GLOBAL OPTIONS', renderOptions([settingsTable.help, settingsTable.version])),
      section('EXAMPLES', renderExamples(help.examples)),
    ].join('\n\n') + '\n'
  );
}

function section(title: string, lines: readonly string[]): string {
  return [title, ...lines.map((line) => (line === '' ? '' : `  ${line}`))].join('\n');
}

/** Each option: its flags and value on the left, its help line (the command's own, if it has one) and default on the right. */
function renderOptions(entries: readonly SettingEntry[], command?: CommandName): string[] {
  return columns(entries.map((entry) => [flagsOf(entry), `${(command === undefined ? undefined : entry.helpIn?.[command]) ?? entry.help}${defaultOf(entry)}`]));
}

function defaultOf(entry: SettingEntry): string {
  const spelled = spellDefault(entry);
  return spelled === null ? '' : ` (default: ${spelled})`;
}

function flagsOf(entry: SettingEntry): string {
  const value = entry.type.placeholder === '' ? '' : ` ${entry.type.placeholder}`;
  return entry.short === undefined ? `    --${entry.flag}${value}` : `-${entry.short}, --${entry.flag}${value}`;
}

/** Two columns, the right one wrapped; `lines` are indented by `section` (2), so the width is 78. */
/**
 * Two columns, the left as wide as its longest entry up to `cap`; a longer one goes on a line of
 * its own, or with `inline` starts its text after it, the rest aligned with the others.
 */
function columns(rows: ReadonlyArray<readonly [string, string]>, cap = maxColumn, inline = false): string[] {
  const column = Math.min(cap, Math.max(...rows.map(([left]) => left.length)) + 2);
  return rows.flatMap(([left, right]) => {
    const indent = ' '.repeat(column);
    if (left.length + 2 > column) return inline ? wrap(right, `${left}  `, indent, width - 2) : [left, ...wrap(right, indent, indent, width - 2)];
    return wrap(right, left.padEnd(column), indent, width - 2);
  });
}

function renderExamples(examples: ReadonlyArray<{ says: string; run: string }>): string[] {
  return examples.flatMap(({ says, run }, index) => [...(index === 0 ? [] : ['']), ...wrap(says, '# ', '# ', width - 2), `$ ${run}`]);
}

/** `text` in lines of at most `limit` columns, the first starting with `first`, the others with `rest`. */
function wrap(text: string, first = '', rest = first, limit = width - 2): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    if (!empty && line.length + 1 + word.length > limit) {
      lines.push(line);
      line = rest + word;
    } else line = empty ? line + word : `${line} ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}
