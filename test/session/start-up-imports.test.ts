import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../helpers/temp-dir.js';

const dist = path.resolve(import.meta.dirname, '../../dist');
const tempDir = useTempDir('start-up-imports');

/**
 * Every module a fresh Node process loads (as resolved, node: built-ins left out) when it imports
 * `entries` of the built dist/: a loader hook, as the process itself loads them.
 */
async function modulesLoadedBy(entries: readonly string[]): Promise<string[]> {
  const dir = await tempDir();
  const hooks = path.join(dir, 'hooks.mjs');
  await writeFile(
    hooks,
    "export async function resolve(specifier, context, next) {\n  const found = await next(specifier, context);\n  if (!found.url.startsWith('node:')) process.stdout.write(`${found.url}\\n`);\n  return found;\n}\n",
  );
  const register = path.join(dir, 'register.mjs');
  await writeFile(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const imports = entries.map((entry) => `import(${JSON.stringify(pathToFileURL(path.join(dist, entry)).href)})`).join(', ');
  const child = spawn(process.execPath, ['--import', pathToFileURL(register).href, '--input-type=module', '-e', `await Promise.all([${imports}]);`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return stdout.split('\n').filter((line) => line !== '');
}

// A side writes its claim before it loads what only its turns need (bench/README.md, "Start-up":
// launch → claim < 250 ms): the debate command's imports up to the claim must not pull the reader.
describe('start-up up to the claim', () => {
  it('loads neither the Markdown parser, zod nor execa: they load after the claim, beside the subject', async () => {
    // What `code-debate <subject>` imports before runSide claims a role (src/cli/main.ts, case 'debate':
    // the typed subject's check and the event sinks too), and what runSide loads beside its checks.
    const loaded = await modulesLoadedBy([
      'cli/main.js',
      'git/find-repo.js',
      'config/resolve-settings.js',
      'session/run-side.js',
      'cli/check-typed-subject.js',
      'cli/human-event-log.js',
      'cli/json-event-sink.js',
      'cli/terminal-event-sink.js',
      'subject/find-empty-subject.js',
      'session/prepare-debate.js',
      'subject/resolve-subject.js',
    ]);
    expect(loaded.some((url) => url.endsWith('/dist/session/run-side.js'))).toBe(true);
    const heavy = loaded.filter((url) => /\/node_modules\/(zod|remark-parse|unified|micromark[^/]*|mdast-util-from-markdown|execa)\//.test(url));
    expect(heavy).toEqual([]);
  });

  it('loads them with the loop, which the claimed side imports', async () => {
    // The check above fails open if the hook saw nothing: the loop's own imports must show them.
    const loaded = await modulesLoadedBy(['ledger/ledger-reader.js']);
    expect(loaded.some((url) => /\/node_modules\/zod\//.test(url))).toBe(true);
    expect(loaded.some((url) => /\/node_modules\/micromark[^/]*\//.test(url))).toBe(true);
    const agents = await modulesLoadedBy(['agents/create-agent.js']);
    expect(agents.some((url) => /\/node_modules\/execa\//.test(url))).toBe(true);
  });
});
