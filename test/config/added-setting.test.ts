import { afterEach, describe, expect, it, vi } from 'vitest';

const tablePath = '../../src/config/settings-table.js';

afterEach(() => {
  vi.doUnmock(tablePath);
  vi.resetModules();
});

// The table's promise, taken literally: one entry added to src/config/settings-table.ts and nothing
// else edited gives a flag, a key of the settings file, a resolved setting, a help line, a row of
// the docs and a flag a duo passes on to its sides.
describe('a setting added to the settings table', () => {
  it('is a flag, a key, a setting, a help line and a row of the docs, with no other edit', async () => {
    vi.resetModules();
    vi.doMock(tablePath, async (importOriginal) => {
      const original = await importOriginal<typeof import('../../src/config/settings-table.js')>();
      const { wholeNumber } = await import('../../src/config/setting-type.js');
      const maxWidgets = {
        flag: 'max-widgets',
        key: 'maxWidgets',
        type: wholeNumber(1, 9),
        default: 3,
        commands: ['debate', 'duo', 'pre-push'],
        help: 'the most widgets a debate may make',
      };
      const settingsTable = { ...original.settingsTable, maxWidgets };
      return { ...original, settingsTable, settingEntries: Object.entries(settingsTable) };
    });
    const [{ parseCommandLine }, { validateConfig }, { resolveSettings }, { renderCommandHelp }, { renderSettingsDocs }, { sideFlags }] = await Promise.all([
      import('../../src/cli/parse-args.js'),
      import('../../src/config/validate-config.js'),
      import('../../src/config/resolve-settings.js'),
      import('../../src/cli/render-help.js'),
      import('../../src/config/render-settings-docs.js'),
      import('../../src/cli/duo-command.js'),
    ]);

    expect(parseCommandLine(['--max-widgets', '7', 'HEAD'], '/work/repo')).toMatchObject({ command: 'debate', flags: { maxWidgets: 7 } });
    expect(() => parseCommandLine(['--max-widgets', '10', 'HEAD'], '/work/repo')).toThrow('Expected `--max-widgets` to be a whole number from 1 to 9, got `10`.');
    expect(() => parseCommandLine(['show', '--max-widgets', '7'], '/work/repo')).toThrow(/^`--max-widgets` does not apply to `code-debate show`/);

    expect(validateConfig({ maxWidgets: 5 }, '.code-debate.json')).toEqual({ config: { maxWidgets: 5 }, errors: [] });
    expect(validateConfig({ maxWidgets: 0 }, '.code-debate.json').errors).toEqual(['In `.code-debate.json`, expected `maxWidgets` to be a whole number from 1 to 9, got `0`.']);

    expect(resolveSettings({}, {}, null, {})).toHaveProperty('maxWidgets', 3);
    expect(resolveSettings({}, { maxWidgets: 5 } as never, '.code-debate.json', {})).toHaveProperty('maxWidgets', 5);
    const settings = resolveSettings({ maxWidgets: 7 } as never, { maxWidgets: 5 } as never, '.code-debate.json', {});
    expect(settings).toHaveProperty('maxWidgets', 7);
    expect(sideFlags(settings).join(' ')).toContain('--max-widgets 7');

    expect(renderCommandHelp('duo').replace(/\s+/g, ' ')).toContain('--max-widgets <n> the most widgets a debate may make (default: 3)');
    expect(renderSettingsDocs()).toContain('| `--max-widgets <n>` | `maxWidgets` | whole number, 1 to 9 | `3` | debate, duo, pre-push | the most widgets a debate may make |');
  });
});
