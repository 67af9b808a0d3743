import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { CodeDebateError } from '../errors.js';
import { findRepo } from '../git/find-repo.js';
import { buildLedger } from '../ledger/build-ledger.js';
import { readOutcome, type Outcome } from '../ledger/read-outcome.js';
import { parseDocument } from '../protocol/parse-document.js';
import { listArchivedDebates } from '../session/archived-debates.js';
import { readDebateFile } from '../session/read-debate-file.js';
import { stateRoot } from '../session/state-paths.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';

export interface ListArchivedOptions {
  cwd: string;
  json: boolean;
  /** Where the list or the JSON goes (stdout); error messages too. */
  write: (text: string) => void;
}

/** One archived debate as `status --archived` lists it. */
export interface ArchivedDebate {
  /** The path to give `show` and `status`: relative to where the command ran, absolute when outside it. */
  path: string;
  /** ISO 8601. */
  archivedAt: string;
  /** The subject, from the title (`# Code Debate: <subject>`); null without a title. */
  subject: string | null;
  /** How it ended; null when the file cannot be read as a debate. */
  outcome: Outcome | null;
  /** Why the file cannot be read as a debate, else null. */
  problem: string | null;
}

/** `code-debate status --archived --json`: versioned; a field is only ever added within a version. */
export interface ArchivedList {
  version: 1;
  /** The latest first. */
  archived: ArchivedDebate[];
}

/**
 * `code-debate status --archived [--json]`: every debate archived under the work tree's git
 * directory, the latest first, with its subject, outcome, date and the path that `show` and
 * `status` read it by. Reads only. Returns 0 (none archived is a list too), 6 outside a work tree.
 */
export async function runListArchived(options: ListArchivedOptions): Promise<ExitCode> {
  let gitDir: string;
  try {
    gitDir = (await findRepo(options.cwd)).gitDir;
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    options.write(`code-debate status: ${error.message}\n`);
    return error.name === 'GitError' ? exitCodes.gitError : exitCodes.usage;
  }
  // The archive's paths are real (see findRepo): so is the folder they are shown from.
  const here = await realpath(options.cwd);
  const archived: ArchivedDebate[] = [];
  for (const entry of await listArchivedDebates(gitDir)) {
    const parsed = parseDocument((await readDebateFile(entry.file)).text);
    const title = parsed.ok ? parsed.document.title : null;
    archived.push({
      path: shownPath(here, entry.file),
      archivedAt: entry.archivedAt,
      subject: title === null ? null : title.replace(/^Code Debate:\s*/i, ''),
      outcome: parsed.ok ? readOutcome(buildLedger(parsed.document)) : null,
      problem: parsed.ok ? null : `${parsed.error.message}${parsed.error.line === null ? '' : ` (line ${parsed.error.line})`}`,
    });
  }
  const list: ArchivedList = { version: 1, archived };
  options.write(options.json ? `${JSON.stringify(list, null, 2)}\n` : renderArchivedList(list, stateRoot(gitDir)));
  return exitCodes.ok;
}

export function renderArchivedList(list: ArchivedList, root: string): string {
  if (list.archived.length === 0) return `No archived debates under ${root}: \`code-debate archive\` keeps a finished debate there.\n`;
  const count = list.archived.length === 1 ? '1 archived debate' : `${list.archived.length} archived debates`;
  const lines = list.archived.map((debate) => {
    const when = debate.archivedAt.replace('T', ' ').replace(/:\d{2}\.\d{3}Z$/, ' UTC');
    const how = debate.outcome ?? `unreadable: ${debate.problem ?? ''}`;
    return `${when} · ${how} · ${debate.subject ?? '(no title)'}\n  ${debate.path}\n`;
  });
  return `${count}, the latest first; \`code-debate show <path>\` reads one, \`code-debate status <path>\` its state:\n${lines.join('')}`;
}

function shownPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative) ? file : relative;
}
