import { readFileSync } from 'node:fs';

/** code-debate's version, from its package.json (two levels up from `dist/cli/`). */
export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
