import path from 'node:path';

/**
 * The PATH with only absolute directories. Programs run with the repository under review as
 * their working directory, where a relative entry (`bin`, `.`, an empty one) would let that
 * repository supply its own `claude`, `gh` or editor.
 */
export function absolutePath(value: string | undefined): string {
  return (value ?? '')
    .split(path.delimiter)
    .filter((dir) => dir !== '' && path.isAbsolute(dir))
    .join(path.delimiter);
}
