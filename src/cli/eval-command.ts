import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '../protocol/document.js';
import { resolveAutoAgent } from '../agents/presets/cli-agent-auto.js';
import { splitCommand } from '../agents/split-command.js';
import { ConfigError } from '../errors.js';
import type { CaseResult } from '../eval/case-result.js';
import { buildEvalReport, type EvalReport } from '../eval/eval-report.js';
import { plural, scoreCell } from '../eval/eval-figures.js';
import { loadDataset } from '../eval/load-dataset.js';
import { renderEvalHtml } from '../eval/render-eval-html.js';
import { renderEvalText } from '../eval/render-eval-text.js';
import { runEval } from '../eval/run-eval.js';
import type { DebateRun, RunDebate } from '../eval/run-case.js';
import { shippedDataset } from '../eval/shipped-dataset.js';
import { formatDuration } from '../format-duration.js';
import { findRepo } from '../git/find-repo.js';
import { checkAgentSpecs } from '../session/check-agent-specs.js';
import { shellWord } from '../shell-word.js';
import { startDuo } from './duo-command.js';
import { loadRepoSettings, resolveSettings } from '../config/resolve-settings.js';
import type { DebateFlags, Settings } from '../config/settings.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';

export interface EvalCommandOptions {
  /** The dataset's folder as typed (relative to `cwd`); null for the one shipped. */
  dataset: string | null;
  cwd: string;
  flags: DebateFlags;
  jobs: number;
  keep: boolean;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  /** stdout: the table, or the JSON report with --json. */
  write: (text: string) => void;
  /** stderr: a line as the run starts and one per case. */
  note: (text: string) => void;
}

const evalFormats = ['text', 'json', 'html'] as const;
type EvalFormat = (typeof evalFormats)[number];
/** Lines of the sides' output a failed case shows. */
const failureLines = 6;

/**
 * `code-debate eval [<dataset>]`: a real debate (both sides as processes, as `duo`) on every case
 * of the dataset, each in a throw-away repository, scored against what the case expects. Exit 0
 * when every case was debated; a failed case's exit code otherwise (the figures stand for the rest).
 */
export async function runEvalCommand(options: EvalCommandOptions): Promise<ExitCode> {
  const settings = await evalSettings(options);
  const reports = readReports(settings, options.cwd);
  const dataset = await loadDataset(options.dataset === null ? shippedDataset : path.resolve(options.cwd, options.dataset));
  const agents = await chooseAgents(settings.agents, options);
  const setup = { agents, maxRounds: settings.maxRounds, stance: settings.stance, blockOn: settings.blockOn, jobs: options.jobs };
  const startedAt = new Date().toISOString();
  options.note(
    `code-debate eval: ${plural(dataset.cases.length, 'case')} of ${dataset.name} (${dataset.dir}, ${dataset.format} format), ${options.jobs} at a time; ` +
      `Reviewer ${agents.reviewer}, Responder ${agents.responder}; each a real debate in a throw-away repository.\n`,
  );
  const runDebate = debateRunner({ ...settings, agents });
  const run = await runEval(dataset, {
    jobs: options.jobs,
    runDebate,
    signal: options.signal,
    keep: options.keep,
    blockOn: settings.blockOn,
    onCase: (result, done, total) => options.note(`code-debate eval: [${done}/${total}] ${describeCase(result)}\n`),
  });
  if (options.keep) options.note(`code-debate eval: the case repositories, each with its debate in reply.md, are kept in ${run.workDir}\n`);
  const report = buildEvalReport({
    dataset: { name: dataset.name, format: dataset.format, dir: dataset.dir, cases: dataset.cases.length },
    setup,
    startedAt,
    ms: run.ms,
    interrupted: options.signal.aborted,
    cases: run.results,
  });
  options.write(render(report, settings.json ? 'json' : 'text'));
  for (const { format, file } of reports) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, render(report, format));
    options.note(`code-debate eval: wrote the ${format} report to ${path.relative(options.cwd, file) || file}\n`);
  }
  const failed = run.results.find((result) => result.status === 'failed');
  return failed?.status === 'failed' ? ((Object.values(exitCodes) as number[]).includes(failed.code) ? (failed.code as ExitCode) : exitCodes.internal) : exitCodes.ok;
}

/** The debate settings: the flags over the settings file of the repository eval runs in (if any) over the defaults. */
async function evalSettings(options: EvalCommandOptions): Promise<Settings> {
  const repo = await findRepo(options.cwd).catch(() => null);
  const settings = repo === null ? resolveSettings(options.flags, {}, null, options.env) : await loadRepoSettings(repo, options.flags, options.env);
  // Each case's debate is local, in a file of its own: a remote or a file from the settings does not apply.
  return { ...settings, remote: null, file: 'reply.md', fileBase: 'root', role: 'auto', postToPr: null };
}

function readReports(settings: Settings, cwd: string): Array<{ format: EvalFormat; file: string }> {
  return settings.reports.map((report) => {
    if (!(evalFormats as readonly string[]).includes(report.format)) {
      throw new ConfigError(`Expected \`--report\` of \`code-debate eval\` to be text, json or html (e.g. --report html:eval.html), got \`${report.format}:${report.file}\`.`);
    }
    return { format: report.format as EvalFormat, file: path.resolve(cwd, report.file) };
  });
}

/**
 * Each side's agent, checked once here rather than failing every case alike: `auto` resolved and
 * said once, a `cmd:` program's relative path made absolute (each debate runs in a repository of
 * its own), and `human` refused (nobody answers a dataset in an editor).
 */
async function chooseAgents(agents: Record<Role, string>, options: EvalCommandOptions): Promise<Record<Role, string>> {
  const auto = agents.reviewer.trim() === 'auto' || agents.responder.trim() === 'auto' ? await resolveAutoAgent(options.env) : null;
  if (auto !== null) options.note(`code-debate eval: ${auto.message}\n`);
  const chosen = (spec: string) => absoluteProgram(spec.trim() === 'auto' ? (auto?.spec ?? 'builtin') : spec.trim(), options.cwd);
  const result = { reviewer: chosen(agents.reviewer), responder: chosen(agents.responder) };
  if (result.reviewer === 'human' || result.responder === 'human') {
    throw new ConfigError(
      'Cannot use the agent `human` in `code-debate eval`: every case would wait for you in an editor. Choose an agent that answers by itself, e.g. --agent builtin.',
    );
  }
  const environment = { env: options.env, isTerminal: () => false, maxOutputTokens: 0, silenceMs: 0 };
  for (const role of ['reviewer', 'responder'] as const) await checkAgentSpecs(result, options.cwd, environment, role);
  return result;
}

function absoluteProgram(spec: string, cwd: string): string {
  if (!spec.startsWith('cmd:')) return spec;
  const [program, ...args] = splitCommand(spec.slice('cmd:'.length));
  if (program === undefined || !program.includes('/') || path.isAbsolute(program)) return spec;
  return `cmd:${[path.resolve(cwd, program), ...args].map(shellWord).join(' ')}`;
}

/** One case's debate through `duo`'s two processes; what the sides print is kept for a failure. */
function debateRunner(settings: Settings): RunDebate {
  return async ({ cwd, subject, signal }): Promise<DebateRun> => {
    const output: string[] = [];
    const { code } = await startDuo({
      subject,
      cwd,
      // `json` keeps the sides' log lines plain; their events are not needed here.
      settings: { ...settings, json: true, warnings: [], reports: [] },
      signal,
      stdout: () => {},
      stderr: (text) => {
        output.push(text.replace(/\n$/, ''));
        if (output.length > failureLines) output.shift();
      },
    });
    return { code, output };
  };
}

function describeCase(result: CaseResult): string {
  const what = `${result.id} (${result.language ?? 'no language'}, ${result.clean ? 'clean' : plural(result.expected.length, 'bug')})`;
  switch (result.status) {
    case 'scored': {
      const { views, lost, saved } = result.score;
      return `${what}: review ${scoreCell(views.review)}, confirmed ${scoreCell(views.confirmed)}, reproduced ${scoreCell(views.reproduced)}, gate ${scoreCell(views.gate)}; lost ${lost.length}, saved ${saved.length}; ${plural(result.rounds, 'round')}, ${formatDuration(result.ms)}`;
    }
    case 'failed':
      return `${what}: failed: ${result.reason}${result.output.map((line) => `\n    ${line}`).join('')}`;
    case 'stopped':
      return `${what}: stopped`;
    case 'not-run':
      return `${what}: not run`;
  }
}

function render(report: EvalReport, format: EvalFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  return format === 'html' ? renderEvalHtml(report) : renderEvalText(report);
}
