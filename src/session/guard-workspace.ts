import { statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { GitError } from '../errors.js';
import type { FileWatch } from '../watch/watch-file.js';

/** What a session needs to stay where it is while it runs. */
export interface Workspace {
  /** The directory code-debate was started in: the subject is read from there. */
  cwd: string;
  root: string;
  gitDir: string;
  /** The debate file (absolute). */
  file: string;
}

/** A file deleted as part of removing the whole tree is seen before its directories are gone. */
const removalSettleMs = 150;

/** The repository, its git directory or the working directory was removed under a running session (exit 6, as git errors). */
export class WorkspaceRemovedError extends GitError {
  override name = 'WorkspaceRemovedError';
}

export type RemovedPart = 'repository' | 'git directory' | 'working directory';

/**
 * Which part of `workspace` no longer exists, or null when all of it is there. The stats are made
 * directly, not through the thread pool: they take microseconds, and four round trips to the pool
 * would come between every change of the file and its reading (about a millisecond a turn).
 */
export function findRemoved(workspace: Workspace): RemovedPart | null {
  if (!exists(workspace.root)) return 'repository';
  if (!exists(workspace.gitDir)) return 'git directory';
  if (!exists(workspace.cwd)) return 'working directory';
  return null;
}

/** The error a session ends with once `part` of its workspace is gone (see findRemoved). */
export function workspaceRemoved(workspace: Workspace, part: RemovedPart, options?: ErrorOptions): WorkspaceRemovedError {
  const file = path.relative(workspace.root, workspace.file);
  const message = {
    repository: `the repository ${workspace.root} was removed while code-debate was running, and ${file} with it. Nothing more was written. Restore the repository to go on with this debate, or start a new one in a repository that exists.`,
    'git directory': `the git directory ${workspace.gitDir}, where code-debate keeps its claims and locks, was removed while code-debate was running. Nothing more was written: ${file} is as it was. Restore it, or start code-debate again in a repository: it goes on from the debate file.`,
    'working directory': `the working directory ${workspace.cwd} was removed while code-debate was running there. Nothing more was written: ${file} is as it was. Start code-debate again from a directory that exists: it goes on from the debate file.`,
  }[part];
  return new WorkspaceRemovedError(`Cannot go on with the debate: ${message}`, options);
}

/**
 * The watch, whose every wake-up first checks the workspace is still there and fails with
 * workspaceRemoved when it is not: a session that waits on a removed repository ends with that
 * error at the next event or safety tick, instead of waiting out --turn-timeout on nothing (or
 * recreating the directories it keeps its state in).
 */
export function guardWorkspace(watch: FileWatch, workspace: Workspace): FileWatch {
  return {
    async next(timeoutMs, signal) {
      const reason = await watch.next(timeoutMs, signal);
      if (signal?.aborted) return reason;
      if (!exists(workspace.file)) await delay(removalSettleMs);
      const removed = findRemoved(workspace);
      if (removed !== null) throw workspaceRemoved(workspace, removed);
      return reason;
    },
    close: () => watch.close(),
  };
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Anything but "not there" (a permission problem) is for the operation itself to report.
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}
