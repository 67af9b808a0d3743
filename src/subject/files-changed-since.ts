import { findRepo } from '../git/find-repo.js';
import { tryResolveCommit } from './resolve-commit.js';
import { openGit, type GitRunner } from '../git/run-git.js';
import { readSnapshot } from '../git/snapshot-store.js';
import type { Subject } from './subject.js';

/** What the debate file's metadata pins: the commits and the sha256 of the diff the review was written for. */
export interface PinnedSnapshot {
  head: string | null;
  diff: string | null;
}

const fullSha = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** Paths whose change differs, in the current diff's order, then the paths whose change is gone. */
function compareHashes(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  const changed = Object.keys(after).filter((file) => before[file] !== after[file]);
  const gone = Object.keys(before).filter((file) => !(file in after));
  return [...changed, ...gone];
}

/** A sha from the debate file (which anyone can edit) that names a commit here, or null. */
async function toCommit(git: GitRunner, sha: string | null): Promise<string | null> {
  return sha !== null && fullSha.test(sha) ? tryResolveCommit(git, sha) : null;
}

/**
 * The paths whose change differs between the snapshot the review pinned and the `current`
 * subject (the author pushed a fix, amended, edited the working tree); empty when the diff is
 * the same. Exact when this repository has the pinned diff's per-file hashes (code-debate
 * records them whenever it resolves a subject); otherwise, when both heads are commits, the
 * current diff's files that differ between the two heads; otherwise, as nothing tells which,
 * every file of the current diff.
 */
export async function filesChangedSince(cwd: string, pinned: PinnedSnapshot, current: Subject): Promise<string[]> {
  if (pinned.diff === null || pinned.diff === current.diffSha256) return [];
  const repo = await findRepo(cwd);
  const before = await readSnapshot(repo.gitDir, pinned.diff);
  if (before !== null) return compareHashes(before, current.fileHashes);
  const git = openGit(repo.root);
  const from = await toCommit(git, pinned.head);
  const to = await toCommit(git, current.head);
  if (from === null || to === null) return [...current.files];
  const names = await git.run(['diff', '--no-ext-diff', '--no-renames', '--name-only', '-z', from, to]);
  const differing = new Set(names.split('\0'));
  return current.files.filter((file) => differing.has(file));
}
