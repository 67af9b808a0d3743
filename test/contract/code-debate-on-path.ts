import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { binPath } from '../helpers/run-cli.js';

/**
 * A `bin/` folder under `dir` holding `code-debate` (the built one), as an installed one is on
 * PATH: an agent CLI's shell tool runs it by name, as the shipped /code-debate command says.
 * Returns the folder.
 */
export async function codeDebateOnPath(dir: string): Promise<string> {
  const bin = path.join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  await writeFile(path.join(bin, 'code-debate'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(binPath)} "$@"\n`);
  await chmod(path.join(bin, 'code-debate'), 0o755);
  return bin;
}
