import path from 'node:path';

/**
 * Pathspecs for the whole work tree (or only the repo-relative `include` paths) but `exclude`
 * (repo-relative paths, e.g. the debate file), taken literally so that `*` or `[` in a name match
 * only that name.
 */
export function buildPathspecs(exclude: readonly string[], include: readonly string[] | null = null): string[] {
  const excluded = exclude.map((file) => {
    const normalized = path.posix.normalize(file.split(path.sep).join('/'));
    if (path.posix.isAbsolute(normalized) || normalized === '..' || normalized.startsWith('../') || normalized === '.') {
      throw new Error(`Cannot exclude \`${file}\` from the diff, expected a path relative to the work tree root.`);
    }
    return `:(exclude,literal)${normalized}`;
  });
  const included = include === null ? ['.'] : include.map((file) => (file === '.' ? '.' : `:(literal)${file}`));
  return [...included, ...excluded];
}
