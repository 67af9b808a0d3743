import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/parse-args.js';
import { renderCommandHelp, renderTopHelp } from '../../src/cli/render-help.js';
import { commandNames, type CommandName } from '../../src/config/command-names.js';
import { configKeys } from '../../src/config/config.js';
import { renderSettingsDocs, writeSettingsDocs } from '../../src/config/render-settings-docs.js';
import { resolveSettings } from '../../src/config/resolve-settings.js';
import { settingEntries, settingsTable, type SettingEntry } from '../../src/config/settings-table.js';
import { validateConfig } from '../../src/config/validate-config.js';
import { ConfigError } from '../../src/errors.js';
import { defaultMaxDiffBytes } from '../../src/subject/resolve-subject.js';

// Every entry of the settings table reaches the flags, the settings file, the resolved settings,
// the help and the docs: these walk the table, so an entry added to it is checked with no other edit.

/** The words that run each command, before its options. */
const commandLine: Record<CommandName, string[]> = {
  debate: ['HEAD'],
  duo: ['duo', 'HEAD'],
  'pre-push': ['pre-push', 'origin', '/remote.git'],
  show: ['show'],
  status: ['status'],
  archive: ['archive'],
  'keep-edit': ['keep-edit'],
  hook: ['hook', 'install'],
  demo: ['demo'],
  eval: ['eval'],
  turn: ['turn', 'HEAD'],
  submit: ['submit'],
  'install-commands': ['install-commands', 'claude'],
  mcp: ['mcp'],
};

/** A value the entry's flag takes: its default as spelt, else the first of a few that its type accepts. */
function flagSample(entry: SettingEntry): string[] {
  if (entry.type.input === 'switch') return [`--${entry.flag}`];
  const candidates = [...(entry.default === null ? [] : [entry.type.spell(entry.default)]), '1', '100', 'builtin', 'origin', 'sarif:out.sarif', '42', '0.5', 'x'];
  const accepted = candidates.find((candidate) => candidate !== '' && attempt(() => entry.type.fromFlag(candidate, `--${entry.flag}`)));
  if (accepted === undefined) throw new Error(`no sample value for --${entry.flag}: add one its type accepts to the candidates`);
  return [`--${entry.flag}`, accepted];
}

/** A value the settings file may give the entry, likewise. */
function fileSample(entry: SettingEntry): unknown {
  const file = entry.type.file;
  if (file === undefined) throw new Error(`--${entry.flag} has a key but its type no file form`);
  const candidates: unknown[] = [entry.default, entry.default === null ? null : entry.type.spell(entry.default), 1, 100, 'builtin', 'origin', '90s', 0.5, 'x'];
  const accepted = candidates.find((candidate) => candidate !== null && file.check(candidate));
  if (accepted === undefined) throw new Error(`no sample value for \`${entry.key}\`: add one its type accepts to the candidates`);
  return accepted;
}

function attempt(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch {
    return false;
  }
}

/** What parsing `argv` gave, or the message it was refused with. */
function parsed(argv: string[]): ReturnType<typeof parseCommandLine> | string {
  try {
    return parseCommandLine(argv, '/work/repo');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe.each(settingEntries)('the setting %s', (name, entry) => {
  it.each(commandNames.filter((command) => entry.commands.includes(command)))('is a flag of %s', (command) => {
    const result = parsed([...commandLine[command], ...flagSample(entry)]);
    if (typeof result === 'string') {
      // A flag that applies may still be refused for what it is given with (`show --debate` without --remote), never as unknown.
      expect(result).not.toMatch(/does not apply|Unknown option/);
      return;
    }
    if (name === 'help' || name === 'version') return expect(result.command).toBe(name);
    if (entry.argument !== true && 'flags' in result) expect(result.flags).toHaveProperty(name, entry.type.fromFlag(flagSample(entry)[1] ?? true, `--${entry.flag}`));
  });

  it.each(commandNames.filter((command) => !entry.commands.includes(command)))('is refused by %s', (command) => {
    expect(parsed([...commandLine[command], ...flagSample(entry)])).toMatch(new RegExp(`^\`--${entry.flag}\` does not apply to`));
  });

  it.runIf(entry.key !== null)('is a key of the settings file, which checks it', () => {
    const value = fileSample(entry);
    expect(validateConfig({ [entry.key ?? '']: value }, '.code-debate.json')).toEqual({ config: { [entry.key ?? '']: value }, errors: [] });
    expect(validateConfig({ [entry.key ?? '']: { wrong: true } }, '.code-debate.json').errors).toEqual([
      `In \`.code-debate.json\`, expected \`${entry.key}\` to be ${entry.type.file?.allowed}, got \`{"wrong":true}\`.`,
    ]);
  });

  it.runIf(entry.argument !== true && !['agent', 'reviewerAgent', 'responderAgent'].includes(name))('is a resolved setting: the flag over the file over the default', () => {
    expect(resolveSettings({}, {}, null, {})).toHaveProperty(name, entry.default);
    const fromFlag = entry.type.fromFlag(flagSample(entry)[1] ?? true, `--${entry.flag}`);
    // With a remote: --debate names a debate there, and is refused without one.
    expect(resolveSettings({ remote: 'origin', [name]: fromFlag }, {}, null, {})).toHaveProperty(name, fromFlag);
    if (entry.key !== null) {
      const written = fileSample(entry);
      expect(resolveSettings({}, { [entry.key]: written }, '.code-debate.json', {})).toHaveProperty(name, entry.type.file?.read(written as never, entry.key));
    }
  });

  it.each(commandNames.filter((command) => entry.commands.includes(command)))("is in %s's help, with its default", (command) => {
    const help = command === 'debate' ? renderCommandHelp('debate') : renderCommandHelp(command);
    const line = help
      .split('\n')
      .find((text) => text.includes(`--${entry.flag}`) && text.trimStart().startsWith(entry.short === undefined ? `--${entry.flag}` : `-${entry.short}`));
    expect(line, `--${entry.flag} in the help of ${command}`).toBeDefined();
    const spelt = entry.default === null || entry.default === false || (Array.isArray(entry.default) && entry.default.length === 0) ? null : entry.type.spell(entry.default);
    if (spelt !== null) expect(help.replace(/\s+/g, ' ')).toContain(`(default: ${spelt})`);
  });

  it('is a row of the docs, with its key', () => {
    const flag = entry.short === undefined ? `--${entry.flag}` : `-${entry.short}, --${entry.flag}`;
    const row = renderSettingsDocs()
      .split('\n')
      .find((text) => text.startsWith(`| \`${flag}`));
    expect(row).toBeDefined();
    if (entry.key !== null) expect(row).toContain(`| \`${entry.key}\` |`);
  });
});

describe('the settings table', () => {
  it('gives every key of the settings file, in its order', () => {
    expect(configKeys).toEqual(settingEntries.flatMap(([, entry]) => (entry.key === null ? [] : [entry.key])));
  });

  it('names each flag, short alias and key once', () => {
    const flags = settingEntries.map(([, entry]) => entry.flag);
    const shorts = settingEntries.flatMap(([, entry]) => (entry.short === undefined ? [] : [entry.short]));
    expect(new Set(flags).size).toBe(flags.length);
    expect(new Set(shorts).size).toBe(shorts.length);
    expect(new Set(configKeys).size).toBe(configKeys.length);
  });

  it('lists the options every command takes in the top-level help', () => {
    for (const [, entry] of settingEntries.filter(([, candidate]) => candidate.commands.length === commandNames.length)) expect(renderTopHelp()).toContain(`--${entry.flag}`);
  });

  it("has resolveSubject's diff budget, kept apart so that reading the settings does not load git's diff code", () => {
    expect(settingsTable.maxDiffBytes.default).toBe(defaultMaxDiffBytes);
  });
});

describe('docs/configuration.md', () => {
  it('holds the settings table as it is: run `npm run docs:settings` after changing src/config/settings-table.ts', async () => {
    const page = await readFile(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    expect(page).toBe(writeSettingsDocs(page));
  });

  it('refuses a page without the markers rather than lose its text', () => {
    expect(() => writeSettingsDocs('# Configuration\n')).toThrow('Expected the lines <!-- settings:begin --> and <!-- settings:end -->');
  });
});
