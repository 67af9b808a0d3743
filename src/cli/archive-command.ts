import { roleName } from '../protocol/turn-table.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodeDebateError } from '../errors.js';
import { archiveDebate } from '../session/archive-debate.js';
import type { ClaimRecord } from '../session/claims/claim-role.js';
import { isHolderRunning } from '../session/claims/heartbeat-state.js';
import { statePaths } from '../session/state-paths.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import { openDebateFile } from './open-debate-file.js';

export interface ArchiveOptions {
  file: string;
  cwd: string;
  write: (text: string) => void;
}

/**
 * `code-debate archive [--file F]`: moves the debate file into the archive under the git
 * directory (kept, never deleted) and says where. Refused while a live code-debate holds a role
 * of it: stop that first. Returns 0 done or nothing to archive, 2 refused, 6 outside a work tree.
 */
export async function runArchive(options: ArchiveOptions): Promise<ExitCode> {
  try {
    const { repo, file, shown, current, notADebate } = await openDebateFile(options);
    if (!current.exists) {
      options.write(`code-debate archive: there is no ${shown}: nothing to archive.\n`);
      return exitCodes.ok;
    }
    // `archive a.js` moves a.js out of the work tree: only a debate is archived.
    if (notADebate !== null) {
      options.write(`code-debate archive: ${shown} is not a debate file: ${notADebate}. Nothing was moved.\n`);
      return exitCodes.usage;
    }
    const paths = statePaths(repo.gitDir, repo.root, file);
    const holders = await liveHolders(paths.claims);
    if (holders.length > 0) {
      options.write(`code-debate archive: ${shown} is in use by ${holders.join(' and ')}. Stop it (Ctrl-C in its terminal) before archiving.\n`);
      return exitCodes.usage;
    }
    const archived = await archiveDebate(file, paths, current.checksum);
    options.write(archived === null ? `code-debate archive: ${shown} changed while it was being archived; run it again.\n` : `Archived ${shown} to ${archived}\n`);
    return archived === null ? exitCodes.usage : exitCodes.ok;
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    options.write(`code-debate archive: ${error.message}\n`);
    return error.name === 'GitError' ? exitCodes.gitError : exitCodes.usage;
  }
}

async function liveHolders(claims: string): Promise<string[]> {
  const found: string[] = [];
  for (const role of ['reviewer', 'responder'] as const) {
    const text = await readFile(path.join(claims, `${role}.json`), 'utf8').catch(() => null);
    if (text === null) continue;
    const record = readRecord(text);
    if (record === null || !isHolderRunning(record)) continue;
    const who = record.session === undefined ? `pid ${record.pid} on ${record.host}` : `an interactive session, --session ${record.session.id}`;
    found.push(`the ${roleName(role)} (${who})`);
  }
  return found;
}

function readRecord(text: string): ClaimRecord | null {
  try {
    return JSON.parse(text) as ClaimRecord;
  } catch {
    return null;
  }
}
