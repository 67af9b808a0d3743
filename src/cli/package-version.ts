import { readFileSync } from 'node:fs';

interface PackageJson {
  version: string;
  homepage?: unknown;
  repository?: unknown;
}

/** code-debate's package.json (two levels up from `dist/cli/`). */
function readPackageJson(): PackageJson {
  return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as PackageJson;
}

/** code-debate's version, from its package.json. */
export function readVersion(): string {
  return readPackageJson().version;
}

/** code-debate's own page, from its package.json (see homepageOf); null when it names none. */
export function readHomepage(): string | null {
  return homepageOf(readPackageJson());
}

/**
 * The web page a package.json names: its `homepage`, else its `repository` URL (a string or
 * `{ url }`) without `git+` and `.git`; null unless that is an http(s) URL, so a report never
 * links to a page that was guessed.
 */
export function homepageOf(pkg: { homepage?: unknown; repository?: unknown }): string | null {
  const repository = typeof pkg.repository === 'object' && pkg.repository !== null ? (pkg.repository as { url?: unknown }).url : pkg.repository;
  for (const candidate of [pkg.homepage, repository]) {
    if (typeof candidate !== 'string') continue;
    const url = candidate
      .trim()
      .replace(/^git\+/, '')
      .replace(/\.git$/, '');
    if (/^https?:\/\/[^/\s]+/.test(url) && URL.canParse(url)) return url;
  }
  return null;
}
