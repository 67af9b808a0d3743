import path from 'node:path';
import type { Severity } from '../protocol/document.js';
import type { GateMode } from '../protocol/reproduction-modes.js';
import type { ReportFormat } from '../report/report-formats.js';
import { GitError } from '../errors.js';
import { readDebateFile } from '../session/read-debate-file.js';
import { exitCodes } from '../exit-codes.js';
import { emitReport, postSummary, prepareReport } from './show-command.js';

/** `--report <format>:<file>` of `duo` and `pre-push`: a report to write once the debate ends. */
export interface ReportRequest {
  format: ReportFormat;
  /** Absolute. */
  file: string;
}

/**
 * Writes each requested report of the debate in `relativeFile` (under `root`), as `show --format
 * --output` would; says what it wrote, or why not, on `note`. Returns whether all were written.
 */
export async function writeReports(options: {
  root: string;
  relativeFile: string;
  reports: readonly ReportRequest[];
  blockOn: Severity;
  /** Whether only reproduced points block: the summaries name the points the gate blocks on. */
  blockReproduced: GateMode;
  env: NodeJS.ProcessEnv;
  note: (text: string) => void;
  postToPr?: string | null;
}): Promise<boolean> {
  if (options.reports.length === 0 && !options.postToPr) return true;
  const debateFile = path.join(options.root, options.relativeFile);
  const state = await readDebateFile(debateFile);
  if (!state.exists) {
    options.note(`code-debate: no report written: ${options.relativeFile} holds no debate.\n`);
    return false;
  }
  // One report (the citations checked once, git asked once), written in every format asked for.
  const prepared = await prepareReport(state.text, {
    label: options.relativeFile,
    root: options.root,
    relativeFile: options.relativeFile,
    blockOn: options.blockOn,
    blockReproduced: options.blockReproduced,
    write: options.note,
    note: options.note,
  });
  if (prepared === null) return false;
  let written = true;
  for (const report of options.reports) {
    const code = await emitReport(prepared, {
      cwd: options.root,
      format: report.format,
      output: report.file,
      blockOn: options.blockOn,
      blockReproduced: options.blockReproduced,
      env: options.env,
      write: options.note,
      note: options.note,
      root: options.root,
      debateFile,
    });
    written &&= code === exitCodes.consensus;
  }
  if (options.postToPr) {
    // The verdict stands whether or not the comment could be posted (a fork's read-only token): said, not fatal.
    await postSummary(prepared.report, {
      blockOn: options.blockOn,
      blockReproduced: options.blockReproduced,
      env: options.env,
      note: options.note,
      root: options.root,
      postToPr: options.postToPr,
    }).catch((error: unknown) => {
      if (!(error instanceof GitError)) throw error;
      options.note(`code-debate: warning: the summary was not posted: ${error.message}\n`);
    });
  }
  return written;
}
