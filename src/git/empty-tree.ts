import type { GitRunner } from './run-git.js';

/** The tree with no files, which a root commit or a first commit is compared with. */
export const emptyTreeShas = {
  sha1: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
  sha256: '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321',
} as const;

/** This repository's hash: sha1, or sha256 for `--object-format=sha256`. */
export async function readObjectFormat(git: GitRunner): Promise<'sha1' | 'sha256'> {
  const format = (await git.run(['rev-parse', '--show-object-format'])).trim();
  return format === 'sha256' ? 'sha256' : 'sha1';
}

/** The empty tree's id in this repository's hash. */
export async function readEmptyTree(git: GitRunner): Promise<string> {
  return emptyTreeShas[await readObjectFormat(git)];
}
