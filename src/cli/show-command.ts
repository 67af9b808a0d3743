import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CodeDebateError, GitError, ProtocolError } from '../errors.js';
import { checkCitations, type CitationCheck } from '../git/check-citations.js';
import { findRepo, type Repo } from '../git/find-repo.js';
import { resolveRealPath } from '../git/resolve-real-path.js';
import { resolveInsideRepo } from '../git/resolve-inside-repo.js';
import { runGitProcess } from '../git/run-git.js';
import type { DebateDocument, Severity } from '../protocol/document.js';
import type { GateMode } from '../protocol/reproduction-modes.js';
import { parseDocument } from '../protocol/parse-document.js';
import { readCitations } from '../protocol/read-citations.js';
import { startsAsDebate } from '../protocol/starts-as-debate.js';
import { buildDebateReport, type DebateReport } from '../report/debate-report.js';
import { renderMarkdownSummary } from '../report/render-markdown.js';
import { renderReport, type RenderContext } from '../report/render-report.js';
import type { ReportFormat } from '../report/report-formats.js';
import { isInArchive, resolveArchivedDebate } from '../session/archived-debates.js';
import { readDebateFile } from '../session/read-debate-file.js';
import { readReproductionRecords } from '../session/reproduction-records.js';
import { statePaths } from '../session/state-paths.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import { readHomepage, readVersion } from './package-version.js';

export interface ShowOptions {
  /** The debate file as the user gave it, relative to `cwd`. */
  file: string;
  cwd: string;
  format: ReportFormat;
  /** `--output`: the file to write the report to, relative to `cwd`; null for stdout. */
  output: string | null;
  /** The lowest severity that blocks, for the verdict a summary states. */
  blockOn: Severity;
  /** `--block-reproduced`: whether only reproduced points block, as the gate judges (judgeDebate). */
  blockReproduced: GateMode;
  env: NodeJS.ProcessEnv;
  /** `--post-to-pr`: the pull request (number or URL) the Markdown summary is posted to through gh; null for none. */
  postToPr?: string | null;
  /** Where the report goes (stdout); error messages too, so a caller sees one stream. */
  write: (text: string) => void;
  /** Where notes about the report go (stderr): a written file, a skipped check. */
  note?: (text: string) => void;
}

/**
 * `code-debate show [--format F] [--output O] [--file F]`: the ledger of a debate file, finished
 * or running, written by code-debate or by plain peers, in any of the report formats. Returns
 * the exit code: 0 when shown, 2 when the file cannot be used or is absent, 5 when it breaks the
 * protocol, 6 outside a git work tree. The file is in the work tree, or an archived debate under
 * the git directory (see resolveArchivedDebate), read and never written. Citations are checked
 * against the subject's commit when the file's header records one; otherwise (the work tree, a
 * plain peer's file) they read `unchecked`, as there is no fixed snapshot to check them against.
 */
export async function runShow(options: ShowOptions): Promise<ExitCode> {
  let file: string;
  let repo: Repo;
  try {
    repo = await findRepo(options.cwd);
    // Inside the git directory only an archived debate is read, and only read.
    file = (await resolveArchivedDebate(repo.gitDir, options.file, options.cwd)) ?? (await resolveInsideRepo(repo.root, options.file, options.cwd));
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    options.write(`code-debate show: ${error.message}\n`);
    return error.name === 'GitError' ? exitCodes.gitError : exitCodes.usage;
  }
  // The archive is read-only: a report is never written into it.
  if (options.output !== null && (await isInArchive(repo.gitDir, options.output, options.cwd))) {
    options.write(`code-debate show: --output ${options.output} is in the archive of debates, which is only read: choose a file in the work tree for the report.\n`);
    return exitCodes.usage;
  }
  const state = await readDebateFile(file);
  if (!state.exists) {
    options.write(`code-debate show: Cannot read \`${options.file}\`: there is no such file at ${file}. Pass --file with the debate file's path.\n`);
    return exitCodes.usage;
  }
  return showDebate(state.text, { ...options, label: options.file, root: repo.root, relativeFile: path.relative(repo.root, file), debateFile: file });
}

export interface ShowTarget {
  /** How errors name the debate: the path given, or `<remote> <name>`. */
  label: string;
  /** The repository the debate's citations are checked in. */
  root: string;
  /** The debate file relative to the root, as reports name it. */
  relativeFile: string;
  /** The local debate file, which `--output` must not overwrite; null for a debate on a remote. */
  debateFile: string | null;
}

/** Writes the report of the debate `text` in the format asked for, to stdout or `--output`: 0 when written, 5 when it breaks the protocol, 2 for an output it must not write. */
export async function showDebate(text: string, options: Omit<ShowOptions, 'file'> & ShowTarget): Promise<ExitCode> {
  const prepared = await prepareReport(text, options);
  if (prepared === null) return exitCodes.protocolError;
  return emitReport(prepared, options);
}

/** A prepared report in the format asked for, to stdout or `--output`, and where else it goes (the job summary, the pull request). */
export async function emitReport(prepared: PreparedReport, options: Omit<ShowOptions, 'file'> & Pick<ShowTarget, 'root' | 'debateFile'>): Promise<ExitCode> {
  const { report, context } = prepared;
  const rendered = renderReport(report, options.format, context);
  if (options.output === null) options.write(rendered);
  else {
    const target = path.resolve(options.cwd, options.output);
    // Through a symbolic link (or a folder that is one, as /tmp on macOS) the output may still be the debate.
    if (options.debateFile !== null && (await resolveRealPath(target)) === (await resolveRealPath(options.debateFile))) {
      options.write(`code-debate show: --output ${options.output} is the debate file itself: choose another file for the report.\n`);
      return exitCodes.usage;
    }
    // A report's folder (`--report sarif:out/review.sarif`) is made, as CI steps expect.
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, rendered);
    options.note?.(`wrote the ${options.format} report to ${options.output}\n`);
  }
  // On GitHub Actions the annotations come with the job's summary.
  const summary = options.env.GITHUB_STEP_SUMMARY;
  if (options.format === 'github' && summary) await appendFile(summary, `${renderMarkdownSummary(report, options.blockOn, options.blockReproduced)}\n`);
  if (options.postToPr) await postSummary(report, { ...options, postToPr: options.postToPr });
  return exitCodes.ok;
}

/** A debate's report and what its formats need: made once (citations checked, git asked), rendered in as many formats as asked. */
export interface PreparedReport {
  report: DebateReport;
  context: RenderContext;
}

/** The report of the debate `text` and what its formats need, or null (said on `write`) when the text breaks the protocol. */
export async function prepareReport(
  text: string,
  options: Pick<ShowOptions, 'blockOn' | 'blockReproduced' | 'write' | 'note'> & Pick<ShowTarget, 'label' | 'root' | 'relativeFile'>,
): Promise<PreparedReport | null> {
  // A file that is not a debate (source, random bytes) would read as one not begun, shown as running.
  if (text.trim() !== '' && !startsAsDebate(text)) {
    options.write(
      `code-debate show: Cannot read \`${options.label}\` as a debate file: it is not one (no \`# Code Debate:\` title and no section such as \`## Review\` in it). Pass --file with the debate file's path.\n`,
    );
    return null;
  }
  const parsed = parseDocument(text);
  if (!parsed.ok) {
    options.write(`code-debate show: ${describeProtocolError(options.label, parsed.error)}\n`);
    return null;
  }
  const document = parsed.document;
  const checks = await checkAtHead(options.root, document, options.note);
  const report = buildDebateReport(document, { file: options.relativeFile, checks, recorded: await recordedHere(options.root, options.relativeFile) });
  return {
    report,
    context: {
      document,
      blockOn: options.blockOn,
      blockReproduced: options.blockReproduced,
      version: readVersion(),
      homepage: readHomepage(),
      repositoryUri: await repositoryUri(options.root),
    },
  };
}

/** The reproduction results a side on this machine ran for the debate (see distrustUnrecorded): none outside a git work tree. */
async function recordedHere(root: string, relativeFile: string): Promise<Set<string>> {
  const repo = await findRepo(root).catch(() => null);
  return repo === null ? new Set() : readReproductionRecords(statePaths(repo.gitDir, repo.root, path.join(root, relativeFile)));
}

/** Posts the Markdown summary of `report` on the pull request `postToPr` (see postSummaryToPr) and says so. */
export async function postSummary(
  report: DebateReport,
  options: Pick<ShowOptions, 'blockOn' | 'blockReproduced' | 'env' | 'note'> & { root: string; postToPr: string },
): Promise<void> {
  const { postSummaryToPr } = await import('./post-to-pr.js');
  const done = await postSummaryToPr(options.postToPr, renderMarkdownSummary(report, options.blockOn, options.blockReproduced), { cwd: options.root, env: options.env });
  options.note?.(`${done === 'updated' ? 'updated the summary code-debate posted on' : 'posted the summary on'} pull request ${options.postToPr}\n`);
}

/**
 * The citations checked against the commit the debate's header names (the snapshot of a subject
 * read from the index or the work tree, as the agents read it; else its head); none (unchecked)
 * without one, or when git cannot read it.
 */
async function checkAtHead(root: string, document: DebateDocument, note: ((text: string) => void) | undefined): Promise<CitationCheck[]> {
  const head = document.meta?.snapshot ?? document.meta?.head ?? null;
  if (head === null) return [];
  try {
    return await checkCitations(root, { head }, readCitations(document));
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    note?.(`code-debate show: citations are left unchecked: ${error.message}\n`);
    return [];
  }
}

/** The repository's `origin` URL, for SARIF's provenance: an absolute URI (scp-style `git@host:o/r` as ssh://), without credentials; null when there is none. */
async function repositoryUri(root: string): Promise<string | null> {
  const result = await runGitProcess(root, ['remote', 'get-url', 'origin']);
  if (result.exitCode !== 0) return null;
  return absoluteRepositoryUri(result.stdout.trim());
}

export function absoluteRepositoryUri(remote: string): string | null {
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/.exec(remote);
  const candidate = scp ? `ssh://${scp[1]}/${scp[2]}` : remote;
  if (!URL.canParse(candidate)) return null;
  const url = new URL(candidate);
  url.username = '';
  url.password = '';
  return url.href;
}

function describeProtocolError(file: string, error: ProtocolError): string {
  return `Cannot read \`${file}\` as a debate file${error.line === null ? '' : ` (line ${error.line})`}: ${error.message}`;
}
