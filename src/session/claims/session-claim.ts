import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '../../protocol/document.js';
import { claimPath, type StatePaths } from '../state-paths.js';
import { readStateFile } from '../read-state-file.js';
import type { ClaimRecord, SessionHold } from './claim-record.js';
import { withFileLock } from './file-lock.js';
import { parseClaim } from './read-claims.js';

/** A new id for an interactive session's hold on a role (`--session <id>`). */
export function newSessionId(): string {
  return randomBytes(4).toString('hex');
}

/** The claim interactive session `id` holds, with its role, or null when it holds none (never joined, or its lease was taken over). */
export async function readSessionClaim(paths: StatePaths, id: string): Promise<ClaimRecord | null> {
  for (const role of ['reviewer', 'responder'] as const) {
    const text = await readStateFile(claimPath(paths, role)).catch(() => null);
    const record = text === null ? null : parseClaim(text, role);
    if (record?.session?.id === id) return record;
  }
  return null;
}

/**
 * Records what session `id` does now in its claim (its call being its heartbeat), or with `end`
 * removes the claim: the debate ended, nothing is left to hold. Under the takeover lock, and only
 * while the claim is still the session's, so a side that took the role over is never touched.
 */
export async function markSession(paths: StatePaths, role: Role, id: string, state: SessionHold['state'] | 'end'): Promise<void> {
  const file = claimPath(paths, role);
  await withFileLock(paths.takeoverLock, { timeoutMs: 5_000 }, async () => {
    const text = await readStateFile(file).catch(() => null);
    const record = text === null ? null : parseClaim(text, role);
    if (record?.session?.id !== id) return;
    if (state === 'end') return unlink(file).catch(() => undefined);
    const next: ClaimRecord = { ...record, heartbeatAt: new Date().toISOString(), session: { ...record.session, state } };
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(next));
    await rename(temporary, file);
  });
}

/** What a session that plays a debate on a remote (`--remote`) joined with, kept in this clone for its later calls: its claim lives on the remote. */
export interface RemoteSessionNote {
  subject: string;
  leaseMs: number;
}

/** A remote session's note is `session-<id>.json` in the state folder; the pattern finds every one. */
const noteName = (id: string) => `session-${id}.json`;
const notePattern = /^session-[0-9a-f]+\.json$/;

function remoteSessionFile(paths: StatePaths, id: string): string {
  return path.join(paths.dir, noteName(id));
}

/** The note session `id`'s first call left (see RemoteSessionNote), or null. Each call that reads it marks it used (its time), for sweepRemoteSessionNotes. */
export async function readRemoteSessionNote(paths: StatePaths, id: string): Promise<RemoteSessionNote | null> {
  const file = remoteSessionFile(paths, id);
  const note = parseNote(await readStateFile(file).catch(() => null));
  if (note !== null) await utimes(file, new Date(), new Date()).catch(() => undefined);
  return note;
}

function parseNote(text: string | null): RemoteSessionNote | null {
  if (text === null) return null;
  try {
    const note = JSON.parse(text) as Partial<RemoteSessionNote>;
    return typeof note.subject === 'string' && typeof note.leaseMs === 'number' ? { subject: note.subject, leaseMs: note.leaseMs } : null;
  } catch {
    return null;
  }
}

/**
 * Removes the notes of sessions that stopped calling without ending (an agent session closed
 * mid-debate): unused for twice their lease, their role is long the taking of any side, and their
 * next call would find it gone. A note that cannot be read is left for a person to look at.
 */
export async function sweepRemoteSessionNotes(paths: StatePaths, now = Date.now()): Promise<void> {
  const names = await readdir(paths.dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => notePattern.test(name))
      .map(async (name) => {
        const file = path.join(paths.dir, name);
        const [note, used] = await Promise.all([
          readStateFile(file).then(parseNote, () => null),
          stat(file).then(
            (info) => info.mtimeMs,
            () => null,
          ),
        ]);
        if (note !== null && used !== null && now - used > 2 * note.leaseMs) await unlink(file).catch(() => undefined);
      }),
  );
}

/** Keeps session `id`'s note (written whole, by a rename), or with null removes it: the debate ended. */
export async function writeRemoteSessionNote(paths: StatePaths, id: string, note: RemoteSessionNote | null): Promise<void> {
  const file = remoteSessionFile(paths, id);
  if (note === null) return unlink(file).catch(() => undefined);
  await mkdir(paths.dir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, JSON.stringify(note));
  await rename(temporary, file);
}
