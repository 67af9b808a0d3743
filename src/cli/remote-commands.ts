import { roleName } from '../protocol/turn-table.js';
import { CodeDebateError } from '../errors.js';
import { parseDocument } from '../protocol/parse-document.js';
import { archiveRemoteDebate } from '../session/remote/archive-remote.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import { pickDebate, readRemoteDebates, type RemoteDebateEntry } from './remote-debates.js';
import { showDebate, type ShowOptions } from './show-command.js';
import { debateStatus, renderStatus, type DebateStatus } from './status-command.js';

export interface RemoteCommandOptions {
  cwd: string;
  remote: string;
  /** `--debate`: which debate; the only one when absent. */
  debate: string | undefined;
  json: boolean;
  write: (text: string) => void;
}

/** `code-debate status --remote <remote>`: every debate on the remote, its round, whose turn, who holds each role. */
export async function runRemoteStatus(options: RemoteCommandOptions): Promise<ExitCode> {
  return guarded('status', options, async () => {
    const entries = await readRemoteDebates(options.cwd, options.remote);
    const shown = options.debate === undefined ? entries : [pickDebate(entries, options.remote, options.debate)];
    const statuses = shown.map((entry) => ({ name: entry.name, ...statusOf(entry) }));
    if (options.json) options.write(`${JSON.stringify({ version: 1, remote: options.remote, debates: statuses }, null, 2)}\n`);
    else if (statuses.length === 0) options.write(`No debate on \`${options.remote}\` (nothing under refs/code-debate/).\n`);
    else options.write(statuses.map((status) => `Name       ${status.name}\n${renderStatus(status)}`).join('\n'));
    return statuses.some((status) => status.problem !== null) ? exitCodes.protocolError : exitCodes.ok;
  });
}

/** `code-debate show --remote <remote> [--debate <name>]`: the ledger of one debate on the remote, in any format of `show`. */
export async function runRemoteShow(options: Omit<ShowOptions, 'file'> & Pick<RemoteCommandOptions, 'remote' | 'debate'>): Promise<ExitCode> {
  return guarded('show', { ...options, json: false }, async () => {
    const entry = pickDebate(await readRemoteDebates(options.cwd, options.remote), options.remote, options.debate);
    if (entry.file === null) {
      options.write(`code-debate show: the debate \`${entry.name}\` on \`${options.remote}\` has no section yet: its Review is being written.\n`);
      return exitCodes.usage;
    }
    return showDebate(entry.file.text, { ...options, label: `${options.remote} ${entry.name}`, root: options.cwd, relativeFile: entry.file.name, debateFile: null });
  });
}

/**
 * `code-debate archive --remote <remote> [--debate <name>]`: moves a debate on the remote under
 * refs/code-debate-archive/ (kept, never deleted). Refused while a side holds a role of it.
 */
export async function runRemoteArchive(options: Omit<RemoteCommandOptions, 'json'>): Promise<ExitCode> {
  return guarded('archive', { ...options, json: false }, async () => {
    const entry = pickDebate(await readRemoteDebates(options.cwd, options.remote), options.remote, options.debate);
    const holders = Object.values(entry.claims).filter((claim) => claim !== null);
    if (holders.length > 0) {
      const who = holders.map((claim) => `the ${roleName(claim.role)} (pid ${claim.pid} on ${claim.host})`).join(' and ');
      options.write(
        `code-debate archive: the debate \`${entry.name}\` on \`${options.remote}\` is held by ${who}. Stop it before archiving; a claim left by a side that died is taken over by the next side started.\n`,
      );
      return exitCodes.usage;
    }
    if (entry.tip === null) {
      options.write(`code-debate archive: the debate \`${entry.name}\` on \`${options.remote}\` has no section: nothing to archive.\n`);
      return exitCodes.ok;
    }
    const archived = await archiveRemoteDebate({ cwd: options.cwd, remote: options.remote, name: entry.name, tip: entry.tip });
    options.write(
      archived === null
        ? `code-debate archive: the debate \`${entry.name}\` changed while it was being archived; run it again.\n`
        : `Archived ${entry.name} on ${options.remote} to ${archived}\n`,
    );
    return archived === null ? exitCodes.usage : exitCodes.ok;
  });
}

function statusOf(entry: RemoteDebateEntry): DebateStatus {
  const parsed = entry.file === null ? null : parseDocument(entry.file.text);
  return debateStatus({
    file: entry.file?.name ?? entry.name,
    exists: entry.file !== null,
    archived: false,
    document: parsed?.ok ? parsed.document : null,
    problem: parsed === null || parsed.ok ? null : `${parsed.error.message}${parsed.error.line === null ? '' : ` (line ${parsed.error.line})`}`,
    claims: entry.claims,
    now: Date.now(),
  });
}

/** Runs a remote command, a problem the user can fix written out with its exit code. */
async function guarded(command: string, options: RemoteCommandOptions, run: () => Promise<ExitCode>): Promise<ExitCode> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    options.write(`code-debate ${command}: ${error.message}\n`);
    return error.name === 'ConfigError' ? exitCodes.usage : exitCodes.gitError;
  }
}
