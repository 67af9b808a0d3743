import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '../protocol/document.js';
import type { Sandbox } from '../agents/bwrap-sandbox.js';
import { commitLocalChanges } from '../subject/commit-local-changes.js';
import { addCheckout, hasCommit, moveCheckout, readCommonDir, removeCheckout } from '../git/subject-checkout.js';
import type { Subject, SubjectKind } from '../subject/subject.js';
import { makeStateDir } from '../make-state-dir.js';
import { writeFileAtomic } from '../write-file-atomic.js';
import { withFileLock } from './claims/file-lock.js';
import { isProcessAlive, processStartOf, type ProcessRecord } from './claims/process-alive.js';
import type { EventSink } from './side-events.js';

/** The subjects read from the index or the work tree: their checkout holds a snapshot made at the start. */
export const localKinds: ReadonlySet<SubjectKind> = new Set(['staged', 'working-tree', 'paths']);

/**
 * One side's own checkout of the subject, where its agent runs: the subject's head, or for a
 * local subject HEAD plus its changes as they were when the side started. Made once, moved when
 * the subject moves, removed when the side ends; one left by a process that died is removed by
 * the next side that starts in the repository.
 */
export interface AgentCheckout {
  /** The checkout's folder: `<git dir>/code-debate/checkouts/code-debate-<role>-<pid>`. */
  readonly dir: string;
  /** Where a sandboxed agent may write besides its checkout (its TMPDIR), removed with it. */
  readonly sandbox: Sandbox;
  /** How many times it moved: a snapshot taken before a move is not what the agent starts from. */
  readonly moves: number;
  /** The commit that holds `subject` as reviewed: its head, or the snapshot of a local subject; null when there is none. */
  commitOf(subject: Subject): string | null;
  /** Moves the checkout to `subject`'s commit when it holds another (the author committed a fix). */
  moveTo(subject: Subject): Promise<void>;
  remove(): Promise<void>;
}

export interface CheckoutNeeds {
  root: string;
  gitDir: string;
  role: Role;
  subject: Subject;
  emit: EventSink;
}

/** Where every side's checkout lives, with a `<name>.json` naming the process that owns it. */
export function checkoutsDir(gitDir: string): string {
  return path.join(gitDir, 'code-debate', 'checkouts');
}

const localKey = (subject: Subject) => JSON.stringify([subject.kind, subject.base, subject.diffSha256]);

/** Makes this side's checkout of `subject`, after removing those whose owner is gone. */
export async function openAgentCheckout(needs: CheckoutNeeds): Promise<AgentCheckout> {
  const { root, gitDir, role, emit } = needs;
  const parent = checkoutsDir(gitDir);
  await makeStateDir(gitDir, parent);
  const commonDir = await readCommonDir(root);
  // git registers worktrees without a lock of its own: a \`worktree add\` that lists the others while
  // the peer's is half made fails ("failed to read .git/worktrees/<peer>/commondir"), so the
  // sides take turns at the registry. A checkout of a large repository takes seconds to make.
  const registry = <T>(task: () => Promise<T>) => withFileLock(path.join(parent, '.registry.lock'), { timeoutMs: 5 * 60_000, staleMs: 15 * 60_000 }, task);
  await registry(() => sweepCheckouts(root, commonDir, parent));
  const name = `code-debate-${role}-${process.pid}`;
  const dir = path.join(parent, name);
  const sandbox: Sandbox = { checkout: dir, tmp: path.join(parent, `${name}.tmp`) };
  const owner: ProcessRecord = { pid: process.pid, host: os.hostname(), ...withStart(processStartOf(process.pid)) };
  // The owner is written first, whole: a folder is never there without a record of whose it is.
  await writeFileAtomic(path.join(parent, `${name}.json`), `${JSON.stringify(owner)}\n`, 0o644);
  const snapshots = new Map<string, string>();
  const remove = async () => {
    await registry(() => removeCheckout(root, commonDir, dir));
    await rm(sandbox.tmp, { recursive: true, force: true });
    await rm(path.join(parent, `${name}.json`), { force: true });
  };
  try {
    if (localKinds.has(needs.subject.kind)) {
      snapshots.set(localKey(needs.subject), await commitLocalChanges(root, needs.subject, path.join(parent, `${name}.index`)));
    }
    const commitOf = (subject: Subject) => subject.head ?? snapshots.get(localKey(subject)) ?? null;
    let held = await checkoutCommit(root, commitOf(needs.subject), needs.subject, role, emit);
    await registry(() => addCheckout(root, dir, held));
    await mkdir(sandbox.tmp, { recursive: true });
    let moves = 0;
    return {
      dir,
      sandbox,
      get moves() {
        return moves;
      },
      commitOf,
      async moveTo(subject) {
        const wanted = commitOf(subject);
        if (wanted === null || wanted === held) return;
        if (!(await hasCommit(root, wanted))) return;
        await moveCheckout(dir, wanted);
        held = wanted;
        moves++;
      },
      remove,
    };
  } catch (error) {
    await remove().catch(() => undefined);
    throw error;
  }
}

/** The commit to check out: the subject's, or HEAD when this clone lacks it (a pull request not fetched), said once. */
async function checkoutCommit(root: string, wanted: string | null, subject: Subject, role: Role, emit: EventSink): Promise<string> {
  if (wanted !== null && (await hasCommit(root, wanted))) return wanted;
  emit({
    type: 'warning',
    role,
    message: `${subject.description} has no commit in this clone, so the agent's checkout holds HEAD instead: fetch it (for a pull request, \`git fetch origin pull/<n>/head\`) and start again to have the agent read the change itself.`,
  });
  return 'HEAD';
}

function withStart(start: number | null): { processStart?: number } {
  return start === null ? {} : { processStart: start };
}

/**
 * Removes the checkouts whose owner no longer runs (a side killed with SIGKILL, a machine that
 * restarted): a side still running, this debate's peer or another debate's, keeps its own.
 */
export async function sweepCheckouts(root: string, commonDir: string, parent: string): Promise<string[]> {
  const entries = await readdir(parent).catch(() => [] as string[]);
  const names = new Set(entries.map((entry) => entry.replace(/\.(json|tmp|index)$/, '')).filter((name) => name.startsWith('code-debate-')));
  const removed: string[] = [];
  for (const name of names) {
    const record = await readOwner(path.join(parent, `${name}.json`));
    if (record !== null && isProcessAlive(record)) continue;
    await removeCheckout(root, commonDir, path.join(parent, name));
    await rm(path.join(parent, `${name}.tmp`), { recursive: true, force: true });
    await rm(path.join(parent, `${name}.index`), { force: true });
    await rm(path.join(parent, `${name}.json`), { force: true });
    removed.push(name);
  }
  return removed;
}

async function readOwner(file: string): Promise<ProcessRecord | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<ProcessRecord>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return null;
    return { pid: value.pid, host: value.host, ...(typeof value.processStart === 'number' ? { processStart: value.processStart } : {}) };
  } catch {
    return null;
  }
}
