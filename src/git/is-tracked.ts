import { openGit } from './run-git.js';

/** Whether git tracks `relativeFile` (relative to the work tree's root `root`): committed, or staged to be. */
export async function isTracked(root: string, relativeFile: string): Promise<boolean> {
  // `:(literal)`: a name with `*` or `?` in it names that file, not the files it would match.
  return (await openGit(root).tryRun(['ls-files', '--error-unmatch', '--', `:(literal)${relativeFile}`])) !== null;
}
