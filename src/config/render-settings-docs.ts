import { commandNames } from './command-names.js';
import { spellDefault } from './spell-default.js';
import { settingEntries, type SettingEntry } from './settings-table.js';

/** The lines docs/configuration.md holds the table between; the rest of the page is written by hand. */
export const settingsBegin = '<!-- settings:begin -->';
export const settingsEnd = '<!-- settings:end -->';

/** The settings table as Markdown, one row per entry, in the table's order. */
export function renderSettingsDocs(): string {
  const rows = settingEntries.map(([, entry]) => [
    code(entry.short === undefined ? `--${entry.flag}${valueOf(entry)}` : `-${entry.short}, --${entry.flag}${valueOf(entry)}`),
    entry.key === null ? '' : code(entry.key),
    entry.type.accepts,
    codeOrNothing(spellDefault(entry)),
    entry.commands.length === commandNames.length ? 'all' : entry.commands.join(', '),
    entry.help,
  ]);
  return [
    '| Flag | Key | Value | Default | Commands | What it does |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`),
  ].join('\n');
}

/** `page` with what stands between the markers replaced by the table; an error when a marker is missing. */
export function writeSettingsDocs(page: string): string {
  const begin = page.indexOf(settingsBegin);
  const end = page.indexOf(settingsEnd);
  if (begin === -1 || end < begin) throw new Error(`Expected the lines ${settingsBegin} and ${settingsEnd}, in that order, in the page of the settings.`);
  return `${page.slice(0, begin + settingsBegin.length)}\n\n${renderSettingsDocs()}\n\n${page.slice(end)}`;
}

function valueOf(entry: SettingEntry): string {
  return entry.type.placeholder === '' ? '' : ` ${entry.type.placeholder}`;
}

function code(text: string): string {
  return `\`${text}\``;
}

function codeOrNothing(text: string | null): string {
  return text === null ? '' : code(text);
}

/** A `|` ends a cell even inside a code span, in GitHub's tables; `<ms>` outside one would be read as HTML. */
function escapeCell(text: string): string {
  const spans = text.split('`').map((part, index) => (index % 2 === 1 ? part : part.replaceAll('<', '&lt;').replaceAll('>', '&gt;')));
  return spans.join('`').replaceAll('|', '\\|');
}
