import { CodeDebateError, ProtocolError } from '../errors.js';
import { findRepo } from '../git/find-repo.js';
import { resolveInsideRepo } from '../git/resolve-inside-repo.js';
import { buildLedger } from '../ledger/build-ledger.js';
import { ledgerReport } from '../ledger/ledger-report.js';
import { renderLedgerTable } from '../ledger/render-ledger-table.js';
import { parseDocument } from '../protocol/parse-document.js';
import { readDebateFile } from '../session/read-debate-file.js';
import { exitCodes, type ExitCode } from './exit-codes.js';
import { debateUsage, describeDebateUsage } from '../ledger/debate-usage.js';

export interface ShowOptions {
  /** The debate file as the user gave it, relative to `cwd`. */
  file: string;
  cwd: string;
  json: boolean;
  /** Where the table or the JSON goes (stdout); error messages too, so a caller sees one stream. */
  write: (text: string) => void;
}

/**
 * `code-debate show [--json] [--file F]`: the ledger of a debate file, finished or running,
 * written by code-debate or by plain peers. Returns the exit code: 0 when shown, 2 when the file
 * cannot be used or is absent, 5 when it breaks the protocol, 6 outside a git work tree.
 * Citations are not checked here (that needs the snapshot): every evidence reads `unchecked`.
 */
export async function runShow(options: ShowOptions): Promise<ExitCode> {
  let path: string;
  try {
    const repo = await findRepo(options.cwd);
    path = await resolveInsideRepo(repo.root, options.file, options.cwd);
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    options.write(`code-debate show: ${error.message}\n`);
    return error.name === 'GitError' ? exitCodes.gitError : exitCodes.usage;
  }
  const file = await readDebateFile(path);
  if (!file.exists) {
    options.write(`code-debate show: Cannot read \`${options.file}\`: there is no such file at ${path}. Pass --file with the debate file's path.\n`);
    return exitCodes.usage;
  }
  return showDebate(file.text, options.file, options);
}

/** Writes the ledger of the debate `text` (named `label` in errors): 0 when shown, 5 when it breaks the protocol. */
export function showDebate(text: string, label: string, options: Pick<ShowOptions, 'json' | 'write'>): ExitCode {
  const parsed = parseDocument(text);
  if (!parsed.ok) {
    options.write(`code-debate show: ${describeProtocolError(label, parsed.error)}\n`);
    return exitCodes.protocolError;
  }
  const report = ledgerReport(buildLedger(parsed.document));
  const usage = debateUsage(parsed.document);
  options.write(options.json ? `${JSON.stringify({ ...report, usage }, null, 2)}\n` : `${renderLedgerTable(report)}Spend: ${describeDebateUsage(usage, parsed.document)}\n`);
  return exitCodes.consensus;
}

function describeProtocolError(file: string, error: ProtocolError): string {
  return `Cannot read \`${file}\` as a debate file${error.line === null ? '' : ` (line ${error.line})`}: ${error.message}`;
}
