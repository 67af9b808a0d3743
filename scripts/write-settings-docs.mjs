// `npm run docs:settings`: rewrites the table between the markers of docs/configuration.md from
// the settings table (src/config/settings-table.ts), as built into dist/.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { writeSettingsDocs } from '../dist/config/render-settings-docs.js';

const page = new URL('../docs/configuration.md', import.meta.url);
const before = existsSync(page) ? readFileSync(page, 'utf8') : null;
if (before === null) {
  console.error('docs/configuration.md is missing: it holds the settings table between <!-- settings:begin --> and <!-- settings:end -->.');
  process.exit(1);
}
const after = writeSettingsDocs(before);
if (after === before) console.log('docs/configuration.md: the settings table is up to date.');
else {
  writeFileSync(page, after);
  console.log('docs/configuration.md: the settings table is rewritten from src/config/settings-table.ts.');
}
