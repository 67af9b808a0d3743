import path from 'node:path';
import { findRepo, type Repo } from '../git/find-repo.js';
import { resolveInsideRepo } from '../git/resolve-inside-repo.js';
import { whyNotADebate } from '../session/check-debate-file.js';
import { readDebateFile, type FileState } from '../session/read-debate-file.js';

export interface OpenedDebateFile {
  repo: Repo;
  /** The file's absolute path. */
  file: string;
  /** The file as the person named it: relative to where the command runs. */
  shown: string;
  current: FileState;
  /** Why the file is not a debate (`archive a.js` must not move a.js); null when it is one, or does not exist. */
  notADebate: string | null;
}

/** The debate file a command that changes it (`archive`, `keep-edit`) acts on, read once: a GitError outside a work tree. */
export async function openDebateFile(options: { file: string; cwd: string }): Promise<OpenedDebateFile> {
  const repo = await findRepo(options.cwd);
  const file = await resolveInsideRepo(repo.root, options.file, options.cwd);
  const current = await readDebateFile(file);
  const notADebate = current.exists ? await whyNotADebate(repo.root, path.relative(repo.root, file), current) : null;
  return { repo, file, shown: path.relative(options.cwd, file) || file, current, notADebate };
}
