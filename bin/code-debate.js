#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`code-debate: Node.js >= 20.19 is required, this is ${process.version}. Install a newer Node.js and try again.\n`);
  process.exit(2);
}
// A package always holds dist/; a source folder lacks it when npm ran no scripts on install
// (--ignore-scripts, or ignore-scripts in an npmrc): `prepare` builds it, installing what the build needs.
const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  const folder = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
  process.stderr.write(`code-debate: the program is not built: ${folder}/dist is missing. Build it with: cd '${folder.replace(/'/g, `'\\''`)}' && npm run prepare\n`);
  process.exit(70);
}
const { runCli } = await import(main.href);
await runCli(process.argv.slice(2));
