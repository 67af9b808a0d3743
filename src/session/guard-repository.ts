import path from 'node:path';
import { RepositoryChangedError } from '../errors.js';
import { describeRepoChanges, type RepoSnapshot } from '../git/repo-snapshot.js';
import type { SideContext } from './side-context.js';

export interface RepositoryGuard {
  /** Takes the snapshot before, at its first call (once the agent's process started); resolves once it is taken (see TurnRequest.ready). */
  ready: () => Promise<void>;
  /** Compares the repository with that: a RepositoryChangedError listing what changed, if anything did. */
  check(heading: string): Promise<void>;
}

/** A snapshot that takes longer than this (a hanging fsmonitor, a network filesystem) skips the check rather than the turn. */
const snapshotTimeoutMs = 30_000;

/**
 * Watches over one agent turn: whatever the agent (a CLI's own read-only promise, a `cmd:`
 * program, a model server's tools), what it can reach must be as it was when it ends: its own
 * checkout of the subject (its files, its index, its HEAD) and the repository's config, exclude
 * file and hooks, which the checkout shares. The person's work tree, index and branches are
 * theirs: what they save, commit or switch while the agent works is not looked at. The snapshot
 * before is taken once the agent's process has started (git's spawns would otherwise delay it),
 * before it starts for a `cmd:` program without a sandbox (which may write before it reads its
 * prompt), again if the checkout moved since, and the agent gets its prompt only once it is taken. A
 * person's turn (`human`) is not watched. The debate file and what editors and code-debate write
 * beside it (`.reply.md.swp`, `reply.md~`, `#reply.md#`, `.reply.md.<pid>.<id>.tmp`) are not the
 * agent's to answer for.
 */
export function guardRepository(context: SideContext): RepositoryGuard {
  if (context.agent.interactive) return { ready: () => Promise.resolve(), check: () => Promise.resolve() };
  const sideFile = sideFilePattern(path.basename(context.relativeFile));
  const exclude = (file: string) => path.dirname(file) === path.dirname(context.relativeFile) && sideFile.test(path.basename(file));
  const snapshot = async (): Promise<RepoSnapshot | null> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`git took more than ${snapshotTimeoutMs / 1000} s`)), snapshotTimeoutMs);
    });
    try {
      const taken = await Promise.race([context.takeSnapshot(), timeout]);
      return { ...taken, paths: new Map([...taken.paths].filter(([file]) => !exclude(file))) };
    } catch (error) {
      context.emit({
        type: 'warning',
        role: context.role,
        message: `could not read the repository's state, so this turn's read-only check is skipped: ${(error as Error).message}`,
      });
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  let before: { moves: number; taken: Promise<RepoSnapshot | null> } | null = null;
  const moves = () => context.checkout?.moves ?? 0;
  const start = () => {
    if (before === null || before.moves !== moves()) before = { moves: moves(), taken: snapshot() };
    return before.taken;
  };
  return {
    ready: () => start().then(() => undefined),
    async check(heading) {
      const was = await start();
      const now = was === null ? null : await snapshot();
      if (was === null || now === null) return;
      const changes = describeRepoChanges(was, now);
      if (changes.length === 0) return;
      throw new RepositoryChangedError(changedMessage(context, heading, changes));
    },
  };
}

/** What changed, where, and what is left for the person to do: only the shared config, exclude file and hooks outlive the checkout. */
function changedMessage(context: SideContext, heading: string, changes: readonly string[]): string {
  const listed = changes.map((change) => `  - ${change}`).join('\n');
  const shared = changes.some((change) => change.startsWith('.git/') || change.startsWith('hook '));
  if (context.checkout === undefined) {
    return (
      `The repository changed while agent \`${context.agent.name}\` wrote \`## ${heading}\`, and an agent that reviews code must only read it. ` +
      `The debate stopped: the section was not written, and nothing was reverted.\n${listed}\n` +
      'Look at these changes (git status, git diff, git reflog) and keep or undo them yourself; then check what the agent may do (its tools, its sandbox).'
    );
  }
  return (
    `Agent \`${context.agent.name}\` changed what it reads while it wrote \`## ${heading}\`, and an agent that reviews code must only read it. ` +
    `The debate stopped: the section was not written.\n${listed}\n` +
    `What it wrote into its checkout of the subject (${context.checkout.dir}) is removed with it: your work tree was not touched. ` +
    (shared ? "The repository's config, exclude file and hooks are shared with your work tree: look at them and keep or undo the change yourself. " : '') +
    'Check what the agent may do (its tools, its sandbox).'
  );
}

/** The debate file `name` and the files written beside it: editors' swap, backup and lock files, and our own temporary files. */
function sideFilePattern(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:${escaped}|${escaped}~|#${escaped}#|\\.#${escaped}|\\.${escaped}\\.(?:sw[a-p]|[0-9]+\\.[0-9a-f]+\\.tmp))$`);
}
