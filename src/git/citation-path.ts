import path from 'node:path';

/**
 * Why a cited path must not be read, or null when it may: an absolute path, one that climbs out
 * with `..`, or one into a `.git` directory is refused before anything touches the disk or git.
 */
export function refuseCitedPath(cited: string): string | null {
  if (path.posix.isAbsolute(cited) || path.win32.isAbsolute(cited)) {
    return `${cited} is an absolute path, expected one relative to the work tree; it was not read`;
  }
  const parts = cited.split(/[\\/]/);
  if (parts.includes('..')) return `${cited} leads outside the work tree; it was not read`;
  if (parts.some((part) => part.toLowerCase() === '.git')) return `${cited} is inside a git directory; it was not read`;
  return null;
}

/** The path as git names it: `src/./a.ts` and `src//a.ts` are `src/a.ts`. */
export function normalizeCitedPath(cited: string): string {
  return path.posix.normalize(cited.replace(/\\/g, '/')).replace(/\/$/, '');
}
