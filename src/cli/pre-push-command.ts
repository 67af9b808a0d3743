import { access } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, InterruptedError } from '../errors.js';
import { excludeFromGit } from '../git/exclude-from-git.js';
import { findRepo, type Repo } from '../git/find-repo.js';
import { openGit } from '../git/run-git.js';
import { findEmptySubject } from '../subject/find-empty-subject.js';
import { maxTimerMs } from '../max-timer.js';
import { debateRange, reusableOutcomes } from '../prepush/debate-range.js';
import { judgeDebate, type Verdict } from '../ledger/judge-debate.js';
import { isConfiguredRemote, planPushLine, type DebateRange } from '../prepush/plan-push-ranges.js';
import { findPushedSecrets } from '../prepush/find-pushed-secrets.js';
import { readPushLines, type PushLine } from '../prepush/read-push-lines.js';
import { renderSecretReport } from '../prepush/render-secret-report.js';
import { bypassAdvice, describeAgents, describeLine, describeRange, prefix, renderVerdict } from '../prepush/render-push-report.js';
import { debateKey, readCachedDebate, writeCachedDebate } from '../prepush/verdict-cache.js';
import { formatDuration } from '../format-duration.js';
import { startDuo } from './duo-command.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import type { DebateFlags, Settings } from '../config/settings.js';
import { loadSettings } from '../config/resolve-settings.js';

/** The folder of the gate's debate files, in the work tree (a debate file must be there) and kept out of git. */
export const prePushDir = '.code-debate';

export interface PrePushCommandOptions {
  /** The remote's name as git passes it (`$1`); the URL when the push names no configured remote. */
  remote: string;
  url: string;
  cwd: string;
  flags: DebateFlags;
  env: NodeJS.ProcessEnv;
  /** git's lines; a terminal gives none. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  signal: AbortSignal;
  /** Where everything goes: stderr, which git shows under its own output. */
  write: (text: string) => void;
}

/**
 * `code-debate pre-push <remote> <url>`, as the hook runs it with git's lines on stdin. Exit 0 lets
 * the push go, 1 blocks it; 2, 4, 6 as everywhere else. `CODE_DEBATE_SKIP=1` skips before
 * anything is read, so a broken settings file cannot block a push the user chose to skip.
 */
export async function runPrePushCommand(options: PrePushCommandOptions): Promise<ExitCode> {
  if (options.env.CODE_DEBATE_SKIP === '1') {
    options.write('code-debate: CODE_DEBATE_SKIP=1, the pre-push review is skipped.\n');
    return exitCodes.consensus;
  }
  const input = options.stdin.isTTY ? '' : await readAll(options.stdin);
  const { lines, errors } = readPushLines(input);
  if (errors.length > 0)
    throw new ConfigError(`${errors.join('\n')}\ngit writes these lines when it runs the pre-push hook; run \`git push\` rather than \`code-debate pre-push\` by hand.`);
  if (lines.length === 0) {
    options.write(`${prefix} nothing to debate: git named no ref to push.\n`);
    return exitCodes.consensus;
  }
  const settings = await loadSettings(options.cwd, options.flags, options.env);
  return runPrePush({ ...options, lines, settings });
}

interface PrePushRun extends PrePushCommandOptions {
  lines: PushLine[];
  settings: Settings;
  /** How many ranges have written their `--report`s so far. */
  reported?: number;
}

/** A range to debate, and the refs of this push that bring it. */
interface Planned {
  range: DebateRange;
  labels: string[];
}

type RangeResult = { kind: 'judged'; verdict: Verdict } | { kind: 'no-verdict'; code: ExitCode; reason: string } | { kind: 'time-limit' };

async function runPrePush(run: PrePushRun): Promise<ExitCode> {
  const say = (line: string) => run.write(`${prefix} ${line}\n`);
  const { settings } = run;
  for (const warning of settings.warnings) say(`warning: ${warning}`);
  const repo = await findRepo(run.cwd);
  const git = openGit(repo.root);
  const remote = (await isConfiguredRemote(git, run.remote)) ? run.remote : null;
  const planned = new Map<string, Planned>();
  const pushed = new Set<string>();
  const heads = new Set<string>();
  for (const line of run.lines) {
    const plan = await planPushLine(git, line, remote);
    if (plan.action === 'skip') {
      say(`${describeLine(line)}: ${plan.reason}.`);
      continue;
    }
    for (const commit of plan.commits) pushed.add(commit);
    heads.add(plan.head);
    for (const range of plan.ranges) {
      // A debate would refuse it (nothing to debate): as for commits the remote has, the push goes on.
      if (!planned.has(range.subject) && (await findEmptySubject(range.subject, { cwd: repo.root, root: repo.root, exclude: [] })) !== null) {
        say(`${describeLine(line)} (${describeRange(range)}): its commits change no file: nothing to debate.`);
        continue;
      }
      const entry = planned.get(range.subject) ?? { range, labels: [] };
      entry.labels.push(describeLine(line));
      planned.set(range.subject, entry);
    }
  }
  // Every pushed commit on its own, before any agent sees the diff: the debate reads the range as one diff, where a removed secret no longer shows
  // (commits whose changes cancel out are nothing to debate, and still pass through here).
  const secrets = pushed.size === 0 ? [] : await findPushedSecrets(git, [...pushed]);
  if (secrets.length > 0) {
    for (const line of renderSecretReport(secrets, heads)) say(line);
    return exitCodes.disputed;
  }
  if (planned.size === 0) {
    say('push allowed: nothing to debate.');
    return exitCodes.consensus;
  }
  await excludeFromGit(repo.root, prePushDir);

  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), Math.min(settings.timeLimitMs, maxTimerMs));
  const signal = AbortSignal.any([run.signal, limit.signal]);
  const results: RangeResult[] = [];
  try {
    for (const { range, labels } of planned.values()) {
      const result = limit.signal.aborted ? ({ kind: 'time-limit' } as const) : await gateRange({ run, repo, range, label: labels.join(', '), signal, say });
      if (run.signal.aborted) throw new InterruptedError('Interrupted: the push was stopped before the review ended.');
      results.push(result);
      if (result.kind === 'time-limit') {
        say(`${labels.join(', ')} (${describeRange(range)}): time limit reached (--time-limit ${formatDuration(settings.timeLimitMs)}) before its debate ended.`);
        break;
      }
    }
  } finally {
    clearTimeout(timer);
  }
  return decide(results, settings, say);
}

interface GateRange {
  run: PrePushRun;
  repo: Repo;
  range: DebateRange;
  label: string;
  signal: AbortSignal;
  say: (line: string) => void;
}

/** One range: the cached result when there is one, else a debate; then the verdict, printed. */
async function gateRange({ run, repo, range, label, signal, say }: GateRange): Promise<RangeResult> {
  const { settings } = run;
  const key = debateKey({
    subject: range.subject,
    agents: settings.agents,
    maxRounds: settings.maxRounds,
    stance: settings.stance,
    maxDiffBytes: settings.maxDiffBytes,
    maxPeerBytes: settings.maxPeerBytes,
    maxAnswerBytes: settings.maxAnswerBytes,
    budget: { maxTokens: settings.maxTokens, maxCostUsd: settings.maxCostUsd },
  });
  const file = path.join(prePushDir, `pre-push-${key.slice(0, 12)}.md`);
  const heading = `${label} (${describeRange(range)})`;
  const cached = await readCachedDebate(repo.gitDir, key);
  if (cached !== null) {
    const present = await access(path.join(repo.root, cached.file)).then(
      () => true,
      () => false,
    );
    say(`${heading}: cached verdict of the debate finished ${cached.finishedAt}${present ? '' : ' (its file has since been removed)'}.`);
    if (present) await writeRangeReports(run, repo, cached.file);
    return printVerdict(judgeDebate(cached.points, settings.blockOn, settings.blockReproduced), cached.file, run, say);
  }
  say(`${heading}: debating, ${describeAgents(settings.agents)}, in ${file}.`);
  const started = Date.now();
  const debate = await debateRange({ root: repo.root, gitDir: repo.gitDir, range, file, settings, signal, progress: (line) => say(`  ${line}`), startDuo });
  if (signal.aborted) return { kind: 'time-limit' };
  if (debate.kind === 'failed') {
    say(`${heading}: no verdict: ${debate.reason}. What the sides printed last:`);
    for (const line of debate.output) run.write(`    ${line}\n`);
    say(`  The unfinished debate is in ${file}; a push of the same commits resumes it.`);
    return { kind: 'no-verdict', code: debate.code, reason: debate.reason };
  }
  const { report } = debate;
  say(
    debate.reused ? `${heading}: the debate in ${file} had already ended; judging it.` : `${heading}: debate ended (${report.outcome}) in ${formatDuration(Date.now() - started)}.`,
  );
  if (reusableOutcomes.has(report.outcome)) {
    const points = report.points.map(({ id, title, severity, status, answer, agreement, reproduction }) => ({ id, title, severity, status, answer, agreement, reproduction }));
    await writeCachedDebate(repo.gitDir, key, { version: 2, subject: range.subject, file, finishedAt: new Date().toISOString(), outcome: report.outcome, points });
  }
  await writeRangeReports(run, repo, file);
  return printVerdict(judgeDebate(report.points, settings.blockOn, settings.blockReproduced), file, run, say);
}

/** The `--report`s of the debate in `file`, once it ended: for a push of several ranges, each range's under a name of its own (`review-2.sarif`). */
async function writeRangeReports(run: PrePushRun, repo: Repo, file: string): Promise<void> {
  if (run.settings.reports.length === 0) return;
  const index = (run.reported = (run.reported ?? 0) + 1);
  const { writeReports } = await import('./write-reports.js');
  const reports = run.settings.reports.map(({ format, file: target }) => {
    const absolute = path.resolve(run.cwd, target);
    const extension = path.extname(absolute);
    return { format, file: index === 1 ? absolute : `${absolute.slice(0, absolute.length - extension.length)}-${index}${extension}` };
  });
  await writeReports({ root: repo.root, relativeFile: file, reports, blockOn: run.settings.blockOn, blockReproduced: run.settings.blockReproduced, env: run.env, note: run.write });
}

function printVerdict(verdict: Verdict, file: string, run: PrePushRun, say: (line: string) => void): RangeResult {
  for (const line of renderVerdict(verdict, run.settings.blockOn)) say(`  ${line}`);
  say(`  The full debate: ${file} (\`code-debate show --file ${file}\` for its ledger).`);
  return { kind: 'judged', verdict };
}

/**
 * The exit code: 1 when a range is blocked; otherwise a range without a verdict (the time limit,
 * a failed debate) lets the push go or stops it as `--time-limit-fails` says, and says which.
 */
function decide(results: readonly RangeResult[], settings: Settings, say: (line: string) => void): ExitCode {
  const blocking = results.flatMap((result) => (result.kind === 'judged' ? result.verdict.blocking : []));
  if (blocking.length > 0) {
    say(
      `push blocked: ${blocking.length} ${blocking.length === 1 ? 'point' : 'points'} at or above --block-on ${settings.blockOn} confirmed or disputed. Fix and push again; ${bypassAdvice}.`,
    );
    return exitCodes.disputed;
  }
  const open = settings.timeLimitFails === 'open';
  if (results.some((result) => result.kind === 'time-limit')) {
    say(
      open
        ? 'time limit reached, pushing anyway (--time-limit-fails open).'
        : `time limit reached, blocking the push (--time-limit-fails closed). Push again to continue the debate where it stopped, or raise --time-limit; ${bypassAdvice}.`,
    );
    return open ? exitCodes.consensus : exitCodes.disputed;
  }
  const failed = results.find((result) => result.kind === 'no-verdict');
  if (failed !== undefined) {
    say(
      open
        ? `no verdict (${failed.reason}), pushing anyway (--time-limit-fails open: a review that cannot finish lets the push go).`
        : `no verdict (${failed.reason}), blocking the push (--time-limit-fails closed: a review that cannot finish stops the push). Fix the agent and push again; ${bypassAdvice}.`,
    );
    return open ? exitCodes.consensus : failed.code;
  }
  say(`push allowed: no point at or above --block-on ${settings.blockOn} is confirmed or disputed.`);
  return exitCodes.consensus;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += String(chunk);
  return text;
}
