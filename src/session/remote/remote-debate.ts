import { rm } from 'node:fs/promises';
import path from 'node:path';
import { debateRefs, type DebateRefs } from '../../git/debate-refs.js';
import { deleteLocalRefs, fetchRefs, readFileAt, readLocalRefs } from '../../git/remote-ops.js';
import { writeFileAtomic } from '../../write-file-atomic.js';
import { readDebateFile, stateOf, type FileMemory, type FileState } from '../read-debate-file.js';
import { createClaimReads, type ClaimReads } from './claim-reads.js';

/** Where a debate on a remote stands, as this clone last saw it. */
export interface RemoteView {
  /** The debate's refs on the remote, ref → commit, as last listed. */
  refs: ReadonlyMap<string, string>;
  /** The debate ref's commit, or null when the remote has no debate yet. */
  tip: string | null;
  /** The debate file at `tip` (an empty state when there is none). */
  state: FileState;
  /** When `refs` were listed (epoch ms; 0 before the first poll). */
  readAt: number;
}

export interface RemoteDebate {
  remote: string;
  refs: DebateRefs;
  /** The clone code-debate runs in: git's objects and the fetched refs live there. */
  cwd: string;
  /** The local file that mirrors the remote debate, for people to read (excluded from git). */
  file: string;
  /** The name of the debate file in each commit's tree. */
  fileName: string;
  /** This side's memory of its reads of the debate, the remote's and the mirror's (see stateOf). */
  memory: FileMemory;
  /** The claims this side has read (see readRemoteClaim). */
  claimReads: ClaimReads;
  view(): RemoteView;
  /**
   * Fetches the debate's refs from the remote (one `git fetch`, one request whether anything
   * moved or not) and brings the mirror up to date. Resolves to whether the debate itself moved
   * (a claim's heartbeat is no news for the loop). A RemoteError when the remote cannot be
   * reached or refuses this user.
   */
  poll(): Promise<boolean>;
  /** The commit that held the debate with `checksum`, among those this side saw; null for another. */
  commitOf(checksum: string): string | null;
  /** Takes `tip` as the debate's new commit, holding `bytes`, after this side pushed it. */
  advanced(tip: string, bytes: Buffer): Promise<void>;
  /** Makes the mirror hold the debate as last seen again (someone edited it). */
  remirror(): Promise<void>;
  /** Writes the mirror from now on: once this side holds a role, so a side refused one leaves the file as it was. */
  startMirroring(): Promise<void>;
  /**
   * Drops this clone's copies of the debate's refs that nothing needs any more: the claims, which
   * went with their holders, and the debate's own too when this side mirrored nothing (it kept no
   * role); a mirror's keeps its history.
   */
  forget(): Promise<void>;
}

/** Opens the debate `name` on `remote`, as seen from the clone at `cwd`; nothing is read until the first poll, nothing mirrored until startMirroring. */
export function openRemoteDebate(options: {
  remote: string;
  name: string;
  cwd: string;
  file: string;
  /** Keeps what the file held before the first mirror replaces it, unless the remote's debate goes on from it. */
  keepReplaced?: (held: FileState) => Promise<void>;
  /** The side's memory of its reads (see RemoteDebate.memory). */
  memory: FileMemory;
}): RemoteDebate {
  const { memory } = options;
  const refs = debateRefs(options.name);
  const fileName = path.basename(options.file);
  let view: RemoteView = { refs: new Map(), tip: null, state: emptyState(), readAt: 0 };
  let mirroring = false;
  let mirrored = false;
  const commits = new Map<string, string>();
  const writeMirror = async () => {
    await mirror(options.file, view.state, memory, mirrored ? undefined : options.keepReplaced);
    mirrored = true;
  };
  const saw = async (next: RemoteView) => {
    if (next.tip !== null) commits.set(next.state.checksum, next.tip);
    view = next;
    if (mirroring) await writeMirror();
  };
  // One step at a time: a poll that listed the refs before a push landed must not record them after it.
  let steps: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(step: () => Promise<T>): Promise<T> => {
    const done = steps.then(step);
    steps = done.catch(() => undefined);
    return done;
  };
  return {
    remote: options.remote,
    refs,
    cwd: options.cwd,
    file: options.file,
    fileName,
    memory,
    claimReads: createClaimReads(),
    view: () => view,
    commitOf: (checksum) => commits.get(checksum) ?? null,
    poll: () =>
      exclusive(async () => {
        await fetchRefs(options.cwd, options.remote, refs.pattern, refs.seen(refs.pattern));
        const readAt = Date.now();
        const listed = new Map([...(await readLocalRefs(options.cwd, refs.seen(refs.root)))].map(([copy, sha]) => [refs.unseen(copy), sha]));
        if (sameRefs(listed, view.refs)) {
          view = { ...view, readAt };
          return false;
        }
        const tip = listed.get(refs.debate) ?? null;
        const moved = tip !== view.tip;
        await saw({ refs: listed, tip, state: moved ? await readTip(options.cwd, tip, fileName, memory) : view.state, readAt });
        return moved;
      }),
    advanced: (tip, bytes) => exclusive(() => saw({ ...view, refs: new Map(view.refs).set(refs.debate, tip), tip, state: stateOf(bytes, memory) })),
    remirror: () => exclusive(() => mirror(options.file, view.state, memory)),
    startMirroring: () =>
      exclusive(async () => {
        mirroring = true;
        // The first mirror is written whatever the view holds: the file may hold another debate.
        await writeMirror();
      }),
    forget: () => exclusive(() => deleteLocalRefs(options.cwd, refs.seen(mirroring ? refs.claims : refs.root))),
  };
}

function emptyState(): FileState {
  return { exists: false, bytes: Buffer.alloc(0), text: '', checksum: 'd41d8cd98f00b204e9800998ecf8427e' };
}

function sameRefs(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([ref, sha]) => b.get(ref) === sha);
}

async function readTip(cwd: string, tip: string | null, fileName: string, memory: FileMemory): Promise<FileState> {
  if (tip === null) return emptyState();
  const bytes = await readFileAt(cwd, tip, fileName);
  // A commit without the file is no debate of ours: read as empty, which a side that read text before takes as a change of history.
  return bytes === null ? emptyState() : stateOf(bytes, memory);
}

/**
 * Makes the local file hold what the remote holds: replaced at once (a temporary file renamed
 * over it), so a reader never sees half of it; removed when the remote has no debate. The mirror
 * is only ever a copy: the remote is the debate.
 */
async function mirror(file: string, state: FileState, memory: FileMemory, keepReplaced?: (held: FileState) => Promise<void>): Promise<void> {
  const current = await readDebateFile(file, memory);
  if (current.checksum === state.checksum && current.exists === state.exists) return;
  if (keepReplaced && current.text.trim() !== '' && !state.bytes.subarray(0, current.bytes.length).equals(current.bytes)) await keepReplaced(current);
  if (!state.exists) {
    await rm(file, { force: true });
    return;
  }
  await writeFileAtomic(file, state.bytes, 0o644);
}
