import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '../agents/agent.js';
import { ClaimError } from '../errors.js';
import { createExclusive } from './create-exclusive.js';
import { withFileLock } from './file-lock.js';
import { isProcessAlive } from './process-alive.js';
import type { StatePaths } from './state-paths.js';

export interface ClaimRecord {
  role: Role;
  pid: number;
  host: string;
  startedAt: string;
  agent: string;
  /** The process group of the agent running now, so a successor can stop an orphan. */
  agentPid?: number;
}

export interface Claim {
  role: Role;
  /** The dead holder this process took the role over from, if any. */
  tookOverFrom: ClaimRecord | null;
  update(patch: Partial<Pick<ClaimRecord, 'agentPid'>>): Promise<void>;
  release(): Promise<void>;
}

export interface ClaimOptions {
  paths: StatePaths;
  /** A designated role, or 'auto': Reviewer if the debate file does not exist yet. */
  wanted: Role | 'auto';
  fileExists: boolean;
  agent: string;
}

type Attempt = { claimed: true; record: ClaimRecord; tookOverFrom: ClaimRecord | null } | { claimed: false; holder: ClaimRecord };

/**
 * Takes a role with one atomic filesystem step per try (createExclusive on `<role>.json`), so two
 * processes started in the same instant never hold the same role. A claim whose process died on
 * this host is taken over. With 'auto', a process tries the role the file's existence gives it
 * first (PROTOCOL.md), then the other one, so a restarted process gets its role back.
 */
export async function claimRole(options: ClaimOptions): Promise<Claim> {
  await mkdir(options.paths.claims, { recursive: true });
  const byFile: Role[] = options.fileExists ? ['responder', 'reviewer'] : ['reviewer', 'responder'];
  // A restarted process takes back the role its dead predecessor held before any free one.
  const orphaned = options.wanted === 'auto' ? await findOrphanedRole(options.paths, byFile) : null;
  const order: Role[] = options.wanted !== 'auto' ? [options.wanted] : orphaned ? [orphaned, ...byFile.filter((role) => role !== orphaned)] : byFile;
  const holders: ClaimRecord[] = [];
  for (const role of order) {
    const attempt = await tryClaim(options, role);
    if (attempt.claimed) return makeClaim(options.paths, attempt.record, attempt.tookOverFrom);
    holders.push(attempt.holder);
  }
  throw new ClaimError(refusal(options.wanted, holders, options.paths));
}

async function findOrphanedRole(paths: StatePaths, roles: readonly Role[]): Promise<Role | null> {
  for (const role of roles) {
    const text = await readFile(claimPath(paths, role), 'utf8').catch(() => null);
    if (text !== null && !isProcessAlive(parseRecord(text, role))) return role;
  }
  return null;
}

function claimPath(paths: StatePaths, role: Role): string {
  return path.join(paths.claims, `${role}.json`);
}

function newRecord(role: Role, agent: string): ClaimRecord {
  return { role, pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString(), agent };
}

async function tryClaim(options: ClaimOptions, role: Role): Promise<Attempt> {
  const file = claimPath(options.paths, role);
  const record = newRecord(role, options.agent);
  let tookOverFrom: ClaimRecord | null = null;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await createExclusive(file, JSON.stringify(record))) return { claimed: true, record, tookOverFrom };
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    const holder = parseRecord(text, role);
    if (isProcessAlive(holder)) return { claimed: false, holder };
    // Dead holder: remove its claim under a lock, only if it is still that same claim.
    await withFileLock(options.paths.takeoverLock, { timeoutMs: 5_000 }, async () => {
      if ((await readFile(file, 'utf8').catch(() => null)) === text) await unlink(file);
    });
    tookOverFrom = holder;
  }
  throw new ClaimError(`Cannot claim the ${role} role: ${file} kept changing. Another process is fighting for it; try again.`);
}

function parseRecord(text: string, role: Role): ClaimRecord {
  try {
    const record: unknown = JSON.parse(text);
    if (typeof record === 'object' && record !== null) return record as ClaimRecord;
  } catch {
    // Claims appear whole, so an unreadable one was written by hand: it holds nothing alive.
  }
  return { role, pid: -1, host: os.hostname(), startedAt: 'unknown', agent: 'unknown' };
}

function makeClaim(paths: StatePaths, claimed: ClaimRecord, tookOverFrom: ClaimRecord | null): Claim {
  const role = claimed.role;
  const file = claimPath(paths, role);
  let record = claimed;
  // Updates run one after another, each through its own temporary file: two overlapping writes
  // of one temporary file could leave a claim that is not JSON, which reads as a dead holder.
  let updates: Promise<void> = Promise.resolve();
  const write = async (patch: Partial<Pick<ClaimRecord, 'agentPid'>>) => {
    const next: ClaimRecord = { ...record, ...patch };
    if (patch.agentPid === undefined) delete next.agentPid;
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(next));
    await rename(temporary, file);
    record = next;
  };
  return {
    role,
    tookOverFrom,
    update(patch) {
      const done = updates.then(() => write(patch));
      updates = done.catch(() => undefined);
      return done;
    },
    async release() {
      await updates;
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text !== null && parseRecord(text, role).pid === process.pid) await unlink(file).catch(() => undefined);
    },
  };
}

function describe(holder: ClaimRecord): string {
  return `the ${holder.role === 'reviewer' ? 'Reviewer' : 'Responder'} is pid ${holder.pid} on ${holder.host} (agent ${holder.agent}, since ${holder.startedAt})`;
}

function refusal(wanted: Role | 'auto', holders: ClaimRecord[], paths: StatePaths): string {
  const taken = holders.map(describe).join('; ');
  const what = wanted === 'auto' ? 'Both roles of this debate are taken' : `The ${wanted} role is taken`;
  const files = holders.map((holder) => claimPath(paths, holder.role)).join(' and ');
  return (
    `${what}: ${taken}. A debate has two sides; wait for it to end, stop one of them, or ` +
    `debate in another file with --file. If such a process no longer exists (another machine or container, or a reused pid), delete ${files}.`
  );
}
