// npm's `prepare`: builds dist/ after `npm ci` here, before `npm pack`, and when npm installs the
// package from its source (`npm install -g .` in a clone, a git URL) before it links or packs it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs the npm that runs this script (npm_execpath) in the package's folder; exits as it did if it failed. */
function npm(...args) {
  const execPath = process.env.npm_execpath;
  const [command, commandArgs] = execPath?.endsWith('.js') ? [process.execPath, [execPath, ...args]] : ['npm', args];
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A global install from a folder links it without its dev dependencies, and one from a git URL
// prepares the clone with an install that inherits --global (npm/cli#8440): TypeScript is missing.
// Install what is missing, as the lockfile says, without scripts (this one included).
const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const missing = Object.keys({ ...dependencies, ...devDependencies }).filter((name) => !existsSync(new URL(`../node_modules/${name}/package.json`, import.meta.url)));
if (missing.length > 0) npm('install', '--global=false', `--prefix=${root}`, '--include=dev', '--ignore-scripts', '--no-save', '--no-audit', '--no-fund');

// tsc does not remove what an earlier build left for a source since deleted: a package gets only today's.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
npm('run', 'build');
