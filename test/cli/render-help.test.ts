import { describe, expect, it } from 'vitest';
import { commandHelp } from '../../src/cli/command-help.js';
import { parseCommandLine } from '../../src/cli/parse-args.js';
import { renderCommandHelp, renderTopHelp } from '../../src/cli/render-help.js';
import { subcommands } from '../../src/cli/subcommands.js';
import { commandNames } from '../../src/config/command-names.js';

const topics = [...commandNames];

describe('the top-level help', () => {
  const help = renderTopHelp();

  it('lists every command with one line, and how to ask for its help', () => {
    const commands = help
      .slice(help.indexOf('COMMANDS\n'), help.indexOf('\n\n', help.indexOf('COMMANDS\n')))
      .split('\n')
      .slice(1);
    const named = commands.map((line) => line.trim().split(/\s+/)[0]);
    expect(named.toSorted()).toEqual(['<subject...>', ...commandNames.filter((name) => name !== 'debate'), 'help'].toSorted());
    expect(help).toContain('`code-debate help debate` lists the subjects and the options of a debate;');
  });

  it('lists the global options and no option of one command', () => {
    expect(help).toContain('GLOBAL OPTIONS\n  -h, --help     show the help of a command\n  -V, --version  print the version\n');
    expect(help).not.toContain('--max-rounds');
  });
});

describe.each(topics)('the help of %s', (topic) => {
  const help = renderCommandHelp(topic);

  it('has what it does, its usage, its options, and two or three examples, in that order', () => {
    const sections = help.split('\n').filter((line) => /^[A-Z][A-Z ]+$/.test(line));
    expect(sections.filter((title) => title !== 'SUBJECTS')).toEqual(['USAGE', 'OPTIONS', 'GLOBAL OPTIONS', 'EXAMPLES']);
    const examples = help.split('\n').filter((line) => line.startsWith('  $ '));
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.length).toBeLessThanOrEqual(3);
    expect(help.startsWith(commandHelp[topic].about.split(' ').slice(0, 3).join(' '))).toBe(true);
  });
});

describe('every help', () => {
  it.each([['--help', renderTopHelp()], ...topics.map((topic) => [topic, renderCommandHelp(topic)])])('%s fits 80 columns', (_, help) => {
    for (const line of help.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});

describe('asking for help', () => {
  const parse = (...argv: string[]) => parseCommandLine(argv, '/work/repo');

  it.each(subcommands.filter((word) => word !== 'help'))('`%s --help` and `help %s` are its help', (word) => {
    expect(parse(word, '--help')).toEqual({ command: 'help', topic: word });
    expect(parse('help', word)).toEqual({ command: 'help', topic: word });
  });

  it('`help debate` is the help of one side of a debate, the command without a word', () => {
    expect(parse('help', 'debate')).toEqual({ command: 'help', topic: 'debate' });
    expect(parse('debate', '--help')).toEqual({ command: 'help', topic: 'debate' });
  });

  it('refuses help on what is no command', () => {
    expect(() => parse('help', 'nope')).toThrow(
      "There is no command `nope` to explain: the commands are duo, show, status, hook, archive, keep-edit, demo, pre-push, eval, turn, submit, install-commands, mcp, help, and `debate` explains a debate's options. Run `code-debate --help`.",
    );
  });
});
