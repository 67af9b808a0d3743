import type { Role, Severity } from '../protocol/document.js';
import type { CodeDebateConfig } from '../config/config.js';
import { resolveAgent, resolveSetting, type SettingLayers } from '../config/merge-options.js';
import { readConfig } from '../config/read-config.js';
import type { ReportFormat } from '../report/report-formats.js';
import { ConfigError } from '../errors.js';
import { findRepo, type Repo } from '../git/find-repo.js';
import type { Stance } from '../prompts/stance.js';
import type { Budget } from '../protocol/budget.js';
import { defaults, type DebateFlags } from './parse-args.js';
import { parseDuration } from '../parse-duration.js';

/** Every setting of a debate, from its flag, else `.code-debate.json`, else the environment, else the default. */
export interface Settings {
  file: string;
  /**
   * What `file` is relative to: the current directory when `--file` named it, as paths on a
   * command line are; else (the settings file's, or the default reply.md) the work tree's root,
   * where docs/protocol.md puts it, so two terminals in different folders meet in one file.
   */
  fileBase: 'cwd' | 'root';
  role: Role | 'auto';
  agents: Record<Role, string>;
  maxRounds: number;
  turnTimeoutMs: number;
  agentTimeoutMs: number;
  maxDiffBytes: number;
  maxPeerBytes: number;
  maxAnswerBytes: number;
  /** The most tokens a chat agent asks its server for in one answer (`--max-output-tokens`). */
  maxOutputTokens: number;
  /** What the whole debate may spend (`--max-tokens`, `--max-cost`). */
  budget: Budget;
  stance: Stance;
  pollMs: number | null;
  json: boolean;
  blockOn: Severity;
  timeLimitMs: number;
  timeLimitFails: 'open' | 'closed';
  /** The git remote the debate lives on (`--remote`, `remote`), its name there and the claim's heartbeat; null for the local file. */
  remote: { remote: string; debate: string | null; heartbeatMs: number } | null;
  /** `--report <format>:<file>` (duo, pre-push), files as typed. */
  reports: Array<{ format: ReportFormat; file: string }>;
  /** `--post-to-pr` (duo): the pull request the summary is posted to; null for none. */
  postToPr: string | null;
  /** Settings the environment asked for and did not get, said once to the user. */
  warnings: string[];
}

/** Pure: the flags over the settings file over `CODE_DEBATE_AGENT` over the defaults. */
export function resolveSettings(flags: DebateFlags, config: CodeDebateConfig, source: string | null, env: NodeJS.ProcessEnv): Settings {
  const pick = <T>(layers: SettingLayers<T>, flag: string, key: string) => resolveSetting(layers, { flag, key, source, env: '' }).value;
  const agents = {
    reviewer: resolveAgent('reviewer', { flag: flags.reviewerAgent ?? flags.agent, config, source, env: env.CODE_DEBATE_AGENT, fallback: defaults.agent }),
    responder: resolveAgent('responder', { flag: flags.responderAgent ?? flags.agent, config, source, env: env.CODE_DEBATE_AGENT, fallback: defaults.agent }),
  };
  const duration = (value: string | undefined, key: string) => (value === undefined ? undefined : parseDuration(value, `${key}\` in \`${source ?? 'the settings file'}`));
  return {
    file: pick({ flag: flags.file, config: config.file, fallback: defaults.file }, '--file', 'file'),
    fileBase: flags.file === undefined ? 'root' : 'cwd',
    role: flags.role,
    agents: { reviewer: agents.reviewer.value, responder: agents.responder.value },
    maxRounds: pick({ flag: flags.maxRounds, config: config.maxRounds, fallback: defaults.maxRounds }, '--max-rounds', 'maxRounds'),
    turnTimeoutMs: pick({ flag: flags.turnTimeoutMs, config: duration(config.turnTimeout, 'turnTimeout'), fallback: parseDuration(defaults.turnTimeout, '--turn-timeout') }, '--turn-timeout', 'turnTimeout'),
    agentTimeoutMs: pick({ flag: flags.agentTimeoutMs, config: duration(config.agentTimeout, 'agentTimeout'), fallback: parseDuration(defaults.agentTimeout, '--agent-timeout') }, '--agent-timeout', 'agentTimeout'),
    maxDiffBytes: pick({ flag: flags.maxDiffBytes, config: config.maxDiffBytes, fallback: defaults.maxDiffBytes }, '--max-diff-bytes', 'maxDiffBytes'),
    maxPeerBytes: pick({ flag: flags.maxPeerBytes, config: config.maxPeerBytes, fallback: defaults.maxPeerBytes }, '--max-peer-bytes', 'maxPeerBytes'),
    maxAnswerBytes: pick({ flag: flags.maxAnswerBytes, config: config.maxAnswerBytes, fallback: defaults.maxAnswerBytes }, '--max-answer-bytes', 'maxAnswerBytes'),
    maxOutputTokens: pick({ flag: flags.maxOutputTokens, config: config.maxOutputTokens, fallback: defaults.maxOutputTokens }, '--max-output-tokens', 'maxOutputTokens'),
    budget: {
      maxTokens: pick<number | null>({ flag: flags.maxTokens, config: config.maxTokens, fallback: null }, '--max-tokens', 'maxTokens'),
      maxCostUsd: pick<number | null>({ flag: flags.maxCostUsd, config: config.maxCost, fallback: null }, '--max-cost', 'maxCost'),
    },
    stance: pick<Stance>({ flag: flags.stance, config: config.stance, fallback: 'default' }, '--stance', 'stance'),
    pollMs: flags.pollMs,
    json: flags.json,
    blockOn: pick<Severity>({ flag: flags.blockOn, config: config.blockOn, fallback: defaults.blockOn }, '--block-on', 'blockOn'),
    timeLimitMs: pick({ flag: flags.timeLimitMs, config: duration(config.timeLimit, 'timeLimit'), fallback: parseDuration(defaults.timeLimit, '--time-limit') }, '--time-limit', 'timeLimit'),
    timeLimitFails: pick<'open' | 'closed'>({ flag: flags.timeLimitFails, config: config.timeLimitFails, fallback: defaults.timeLimitFails }, '--time-limit-fails', 'timeLimitFails'),
    remote: remoteOf(flags, config, duration),
    reports: flags.reports ?? [],
    postToPr: flags.postToPr ?? null,
    warnings: [...new Set([agents.reviewer.warning, agents.responder.warning].filter((warning) => warning !== null))],
  };
}

function remoteOf(flags: DebateFlags, config: CodeDebateConfig, duration: (value: string | undefined, key: string) => number | undefined): Settings['remote'] {
  const remote = flags.remote ?? config.remote;
  if (remote === undefined) {
    if (flags.debate !== undefined) throw new ConfigError('`--debate` names a debate on a git remote: give the remote too, e.g. `--remote origin --debate my-review`.');
    return null;
  }
  const heartbeatMs = flags.heartbeatMs ?? duration(config.heartbeat, 'heartbeat') ?? parseDuration(defaults.heartbeat, '--heartbeat');
  // Each beat is a push: faster than a second, a forge would see a storm of them.
  if (heartbeatMs < 1_000) throw new ConfigError(`Expected the heartbeat (--heartbeat, \`heartbeat\`) to be at least 1s, got ${heartbeatMs} ms: each beat is a push to the remote.`);
  return { remote, debate: flags.debate ?? null, heartbeatMs };
}

/** Reads the settings file of the repository around `cwd` and resolves the flags against it. */
export async function loadSettings(cwd: string, flags: DebateFlags, env: NodeJS.ProcessEnv): Promise<Settings> {
  return loadRepoSettings(await findRepo(cwd), flags, env);
}

/** The same for a repository already found: a debate passes it on rather than asking git twice. */
export async function loadRepoSettings(repo: Repo, flags: DebateFlags, env: NodeJS.ProcessEnv): Promise<Settings> {
  const { config, source } = await readConfig(repo.root);
  return resolveSettings(flags, config, source, env);
}
