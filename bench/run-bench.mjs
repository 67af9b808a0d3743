#!/usr/bin/env node
// `npm run bench` (it builds first), or `node bench/run-bench.mjs [options]` after `npm run build`.
//
// options: --quick            a short run (well under a minute): fewer samples, 10 s idle, no 5 MB
//          --samples <n>      turn-detection samples per mode (default 30, quick 8)
//          --idle <seconds>   how long the idle processes are watched (default 60, quick 10)
//          --out <file>       where the JSON goes (default bench/results.json)
//
// The bench runs from a private copy of bin/, dist/, templates/ and bench/ (node_modules linked),
// taken once and checked to load: a rebuild in this work tree during the minutes a run takes
// would otherwise change the program between two measurements, or break it halfway.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(path.join(root, 'dist/cli/main.js'))) {
  process.stderr.write('bench: dist/ is missing. Run `npm run bench` (it builds first) or `npm run build`.\n');
  process.exit(2);
}

function listModules(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(dir, name));
}

/** A copy whose every module loads: a copy taken in the middle of someone's build may not. */
function takeSnapshot() {
  for (let attempt = 1; ; attempt++) {
    const snapshot = mkdtempSync(path.join(os.tmpdir(), 'code-debate-bench-build-'));
    for (const item of ['bin', 'dist', 'templates', 'bench', 'package.json']) cpSync(path.join(root, item), path.join(snapshot, item), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(snapshot, 'node_modules'), 'dir');
    const imports = listModules(path.join(snapshot, 'dist'))
      .map((file) => `await import(${JSON.stringify(pathToFileURL(file).href)});`)
      .join('\n');
    const check = spawnSync(process.execPath, ['--input-type=module', '-e', imports], { encoding: 'utf8' });
    if (check.status === 0) return snapshot;
    rmSync(snapshot, { recursive: true, force: true });
    if (attempt === 5) {
      process.stderr.write(`bench: the build in dist/ does not load, so there is nothing to measure. Run \`npm run build\` and look at its errors.\n${check.stderr}`);
      process.exit(2);
    }
    spawnSync('sleep', ['2']);
  }
}

const args = process.argv.slice(2);
const hasOut = args.some((arg) => arg === '--out' || arg.startsWith('--out='));
const snapshot = takeSnapshot();
const cleanup = () => rmSync(snapshot, { recursive: true, force: true });
process.on('SIGINT', () => undefined);
try {
  const result = spawnSync(process.execPath, [path.join(snapshot, 'bench/main.mjs'), ...args, ...(hasOut ? [] : ['--out', path.join(root, 'bench/results.json')])], {
    stdio: 'inherit',
    cwd: process.cwd(),
  });
  process.exitCode = result.status ?? 1;
} finally {
  cleanup();
}
