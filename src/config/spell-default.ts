import type { SettingEntry } from './settings-table.js';

/** The default as help and the docs show it, spelt as its flag takes it; null where there is none to show (none, off, empty). */
export function spellDefault(entry: SettingEntry): string | null {
  const value = entry.default;
  if (value === null || value === false || (Array.isArray(value) && value.length === 0)) return null;
  return entry.type.spell(value);
}
