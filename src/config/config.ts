import type { FileForm } from './setting-type.js';
import { settingEntries, type SettingEntry, type SettingName, type SettingsTable } from './settings-table.js';

export const configFileName = '.code-debate.json';
export const packageJsonKey = 'codeDebate';

/** The key of entry `N` in the settings file, never for a flag only. */
type KeyOf<N extends SettingName> = SettingsTable[N]['key'] extends infer K extends string ? K : never;
/** What the file holds for entry `N`: a duration stays as written (`"10m"`), so a setting and its flag are read by one parser. */
type FileValueOf<N extends SettingName> = SettingsTable[N]['type'] extends { file?: FileForm<unknown, infer C> } ? C : never;

/** The settings as read from the file: every one optional, every flag overrides its setting. */
export type CodeDebateConfig = { [N in SettingName as KeyOf<N>]?: FileValueOf<N> };

export type ConfigKey = keyof CodeDebateConfig;

/** The entries a settings file may set, with their key, in the table's order. */
export const configEntries = settingEntries.flatMap(([name, entry]) =>
  entry.key === null || entry.type.file === undefined ? [] : [{ name, key: entry.key as ConfigKey, entry: entry as SettingEntry & { type: { file: FileForm<unknown, unknown> } } }],
);

export const configKeys: ConfigKey[] = configEntries.map(({ key }) => key);
