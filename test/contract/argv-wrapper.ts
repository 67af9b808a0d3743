import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `<dir>/<name>`, an executable that appends the argv it was given to `log` (a JSON line)
 * and runs `real` with the same argv and stdin: put `dir` first on PATH to see exactly what
 * code-debate runs.
 */
export async function writeArgvWrapper(dir: string, name: string, real: string, log: string): Promise<void> {
  const file = path.join(dir, name);
  await writeFile(
    file,
    `#!${process.execPath}\nconst { appendFileSync } = require('node:fs');\nconst { spawnSync } = require('node:child_process');\n` +
      `appendFileSync(${JSON.stringify(log)}, JSON.stringify(process.argv.slice(2)) + '\\n');\n` +
      `const result = spawnSync(${JSON.stringify(real)}, process.argv.slice(2), { stdio: 'inherit' });\nprocess.exit(result.status ?? 1);\n`,
  );
  await chmod(file, 0o755);
}

/** The argvs a wrapper recorded, in order. */
export async function readArgvs(log: string): Promise<string[][]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);
}
