import { endsDebate, roleName, roleNamed } from '../protocol/turn-table.js';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DuoOptions, DuoResult } from '../config/duo-options.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import type { Settings } from '../config/settings.js';
import { buildLedger } from '../ledger/build-ledger.js';
import { distrustUnrecorded } from '../ledger/distrust-reproductions.js';
import { ledgerReport, type LedgerReport } from '../ledger/ledger-report.js';
import { parseDocument } from '../protocol/parse-document.js';
import { readDebateFile } from '../session/read-debate-file.js';
import { readReproductionRecords } from '../session/reproduction-records.js';
import { statePaths } from '../session/state-paths.js';
import type { DebateRange } from './plan-push-ranges.js';

export interface RangeDebateOptions {
  /** The work tree's root: both sides run there. */
  root: string;
  /** Its git directory, where the sides record the reproductions they ran (readReproductionRecords). */
  gitDir: string;
  range: DebateRange;
  /** The debate file, relative to `root`. */
  file: string;
  settings: Settings;
  signal: AbortSignal;
  /** One line of progress, without a newline. */
  progress: (line: string) => void;
  /** `startDuo`, passed in by the command line (which owns the processes it starts). */
  startDuo: (options: DuoOptions) => Promise<DuoResult>;
}

export type RangeDebate =
  /** The file ends at CONSENSUS; `reused` when it already did before this push. */
  | { kind: 'finished'; report: LedgerReport; reused: boolean }
  /** No CONSENSUS: a side failed or was stopped. `output` is the end of what the sides printed. */
  | { kind: 'failed'; code: ExitCode; reason: string; output: string[] };

/** Outcomes a later push may reuse; a debate cut short (a peer timed out, stopped) is debated again. */
export const reusableOutcomes: ReadonlySet<string> = new Set(['consensus', 'limit-reached', 'budget-reached', 'stalled', 'disputed']);

const outputLines = 20;

/**
 * Debates one range with both sides as two processes (`code-debate duo`) in its own file, so a
 * push never touches the debate the user runs in reply.md. A file that already ends at a
 * reusable CONSENSUS is read, not debated again; an unfinished one is resumed where it stopped.
 * Progress is one line per section written; what the sides print is kept for a failure.
 */
export async function debateRange(options: RangeDebateOptions): Promise<RangeDebate> {
  const absolute = path.join(options.root, options.file);
  await mkdir(path.dirname(absolute), { recursive: true });
  const before = await readReport(options, absolute);
  if (before !== null && reusableOutcomes.has(before.outcome)) return { kind: 'finished', report: before, reused: true };
  const output: string[] = [];
  const said = new Set<string>();
  const result = await options.startDuo({
    subject: options.range.subject,
    cwd: options.root,
    // `json` makes the duo pass the sides' events on, read here for progress.
    settings: { ...options.settings, file: options.file, fileBase: 'cwd', json: true, role: 'auto', warnings: [] },
    signal: options.signal,
    stdout: (text) => {
      const line = describeEvent(text);
      if (line !== null && !said.has(line)) {
        said.add(line);
        options.progress(line);
      }
    },
    stderr: (text) => {
      output.push(text.replace(/\n$/, ''));
      if (output.length > outputLines) output.shift();
    },
  });
  const after = await readReport(options, absolute);
  if (after !== null) return { kind: 'finished', report: after, reused: false };
  const code: ExitCode = result.code === exitCodes.consensus ? exitCodes.internal : result.code;
  return { kind: 'failed', code, reason: describeFailure(code), output };
}

/**
 * The ledger report of a debate file that ends at CONSENSUS; null for a missing, running or broken
 * one. A reproduction result no side here recorded running counts as not run (distrustUnrecorded).
 */
async function readReport(options: Pick<RangeDebateOptions, 'root' | 'gitDir'>, file: string): Promise<LedgerReport | null> {
  const state = await readDebateFile(file);
  if (!state.exists) return null;
  const parsed = parseDocument(state.text);
  if (!parsed.ok || !endsDebate(parsed.document.sections.at(-1))) return null;
  return distrustUnrecorded(ledgerReport(buildLedger(parsed.document)), readReproductionRecords(statePaths(options.gitDir, options.root, file)));
}

/** A progress line for the events worth a line: a section written, the agent `auto` chose, a retry. */
function describeEvent(text: string): string | null {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  const role = typeof event.role === 'string' ? roleNamed(event.role) : null;
  const side = role === null ? null : roleName(role);
  switch (event.type) {
    case 'turn-written':
      return `${side ?? 'a side'} wrote ## ${String(event.heading)}`;
    case 'agent-chosen':
      return String(event.message);
    case 'agent-retry':
    case 'turn-discarded':
      return `${side ?? 'a side'}: ${String(event.heading)}: ${String(event.reason)}`;
    default:
      return null;
  }
}

function describeFailure(code: ExitCode): string {
  switch (code) {
    case exitCodes.agentFailure:
      return 'an agent failed (exit 4)';
    case exitCodes.usage:
      return 'a side refused its settings or found its role taken (exit 2)';
    case exitCodes.protocolError:
      return 'the debate file breaks the protocol (exit 5)';
    case exitCodes.gitError:
      return 'git could not resolve the range (exit 6)';
    case exitCodes.sigint:
    case exitCodes.sigterm:
    case exitCodes.sighup:
      return `the sides were stopped (exit ${code})`;
    default:
      return `a side ended without a CONSENSUS (exit ${code})`;
  }
}
