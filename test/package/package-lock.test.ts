import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

interface Lockfile {
  packages: Record<string, { hasInstallScript?: boolean }>;
}

// `npm ci` here runs the install scripts of every dependency (no ignore-scripts: the package's own
// `prepare` must run to build it), so a dependency that gains one is a decision, not a surprise:
// lefthook's, for one, ran `lefthook install` in this repository.
test('no dependency in package-lock.json has an install script', () => {
  const lockfile = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as Lockfile;
  const withScripts = Object.entries(lockfile.packages).filter(([, entry]) => entry.hasInstallScript === true);
  expect(withScripts.map(([location]) => location)).toEqual([]);
});
