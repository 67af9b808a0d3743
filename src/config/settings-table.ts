import { severities } from '../protocol/document.js';
import { stances } from '../prompts/stance.js';
import { gateModes, reproductionModes } from '../protocol/reproduction-modes.js';
import { reportFormats } from '../report/report-formats.js';
import { commandNames, type CommandName } from './command-names.js';
import { agentSpec, debateFilePath, dollars, pullRequestTarget, remoteName, reportTargets, type ReportTarget } from './debate-setting-types.js';
import { anyText, choice, duration, flagSwitch, wholeNumber, type SettingType } from './setting-type.js';

/**
 * One setting: everything the command line, the settings file, the help and the docs know of it.
 * `D` is the default's type: null where the setting has none (it is then null unless set).
 */
export interface SettingEntry<T = unknown, C = unknown, K extends string | null = string | null, D extends T | null = T | null> {
  /** The long flag, without its dashes. */
  flag: string;
  /** The one-letter alias, without its dash. */
  short?: string;
  /** The key in `.code-debate.json`; null for a flag only. */
  key: K;
  type: SettingType<T, C>;
  default: D;
  /** The commands that take it; any other refuses it. */
  commands: readonly CommandName[];
  /** One line for help and the docs, lower case, no full stop. */
  help: string;
  /** The line instead, in the help of a command that reads the option otherwise (`show --json`). */
  helpIn?: Partial<Record<CommandName, string>>;
  /** A command's argument (`-C`, `--output`), not a setting of the debate: read, never resolved. */
  argument?: true;
}

/** Keeps each entry's types exact, so the types derived from the table are. */
function setting<T, C, const K extends string | null, const D extends NoInfer<T> | null>(entry: SettingEntry<T, C, K, D>): SettingEntry<T, C, K, D> {
  return entry;
}

/** A command's argument: read from its flag, never from the settings file, never resolved. */
function argument<T, C, const D extends NoInfer<T> | null>(entry: Omit<SettingEntry<T, C, null, D>, 'key' | 'argument'>): SettingEntry<T, C, null, D> & { argument: true } {
  return { ...entry, key: null, argument: true };
}

/** Both sides of a debate take these: one side, duo's two, and the pre-push gate's. */
const sides = ['debate', 'duo', 'pre-push'] as const satisfies readonly CommandName[];
/** What a debate runs with, which an eval gives each case's debate too. */
const debaters = [...sides, 'eval'] as const satisfies readonly CommandName[];
/** The calls of an interactive session, which plays one side (`code-debate turn`, `submit`). */
const sessionCalls = ['turn', 'submit'] as const satisfies readonly CommandName[];
/** The commands that read a debate file. */
const readers = ['show', 'status', 'archive', 'keep-edit'] as const satisfies readonly CommandName[];
/** The commands that read a debate on a git remote. */
const remoteReaders = ['show', 'status', 'archive'] as const satisfies readonly CommandName[];

const readerFile = "the debate file, from the current folder; without it, the repository's, at its root";
const remoteReader = 'the git remote (a name or URL) whose debates to read';
const debateReader = "with --remote: the debate's name there, when it holds more than one";

/**
 * Every setting and option, once: the parser's options, the settings file's keys and checks, the
 * resolved settings, the help and docs/configuration.md all come from here. The order is the
 * order help, the docs and the messages list them in. Each entry is named as the code reads it.
 */
export const settingsTable = {
  role: setting({
    flag: 'role',
    key: null,
    type: choice(['reviewer', 'responder', 'auto'], { expected: 'reviewer or responder', placeholder: '<role>' }),
    default: 'auto',
    commands: ['debate', 'turn'],
    help: 'reviewer or responder; auto takes the Reviewer if the file does not exist yet, else the Responder',
  }),
  agent: setting({
    flag: 'agent',
    key: 'agent',
    type: agentSpec,
    default: 'auto',
    commands: debaters,
    help: "who writes the sections: auto (the first of claude, codex, gemini on PATH, else builtin), builtin (offline, rule-based), claude[:<model>], codex[:<model>], gemini[:<model>], openai:<model>, ollama:<model>, human, or 'cmd:<program> [args...]'; CODE_DEBATE_AGENT when nothing else names one",
  }),
  reviewerAgent: setting({ flag: 'reviewer-agent', key: 'reviewerAgent', type: agentSpec, default: null, commands: debaters, help: "the Reviewer's agent, over --agent" }),
  responderAgent: setting({ flag: 'responder-agent', key: 'responderAgent', type: agentSpec, default: null, commands: debaters, help: "the Responder's agent, over --agent" }),
  file: setting({
    flag: 'file',
    key: 'file',
    type: debateFilePath,
    default: 'reply.md',
    commands: [...sides, ...sessionCalls, ...readers],
    help: "the shared file, inside the work tree: --file names it from the current folder, the settings file and the default from the work tree's root",
    helpIn: { show: readerFile, status: readerFile, archive: readerFile, 'keep-edit': readerFile },
  }),
  maxRounds: setting({
    flag: 'max-rounds',
    key: 'maxRounds',
    type: wholeNumber(1, 100),
    default: 5,
    commands: [...debaters, ...sessionCalls],
    help: 'rounds before the Reviewer writes the CONSENSUS',
  }),
  turnTimeoutMs: setting({ flag: 'turn-timeout', key: 'turnTimeout', type: duration, default: 600_000, commands: debaters, help: "how long to wait for the peer's turn" }),
  agentTimeoutMs: setting({ flag: 'agent-timeout', key: 'agentTimeout', type: duration, default: 480_000, commands: debaters, help: 'how long the agent may take for one turn' }),
  agentSilenceMs: setting({
    flag: 'agent-silence',
    key: 'agentSilence',
    type: duration,
    // A model that writes a token a second pauses for seconds, not minutes; reading the prompt, before the first token, is not counted.
    default: 180_000,
    commands: debaters,
    help: "how long an openai: or ollama: agent's server may send no token once its answer began; then the turn fails, naming the server as stuck",
  }),
  reproductions: setting({
    flag: 'reproductions',
    key: 'reproductions',
    type: choice(reproductionModes, { placeholder: '<mode>' }),
    default: 'sandboxed',
    commands: debaters,
    help: "how code-debate runs the points' reproductions: sandboxed (under bubblewrap, without network; not at all where it is missing), unsandboxed (only in a throw-away container), or off",
  }),
  reproductionTimeoutMs: setting({
    flag: 'reproduction-timeout',
    key: 'reproductionTimeout',
    type: duration,
    default: 60_000,
    commands: debaters,
    help: "how long one run of a reproduction's command may take, at the head or at the base (a section's reproductions together, twice that); then it is stopped and could not run",
  }),
  pollMs: setting({
    flag: 'poll',
    key: null,
    type: wholeNumber(10, 600_000, '<ms>'),
    default: null,
    commands: debaters,
    help: "notice changes within <ms> by polling the file, without filesystem events (with --remote: how often the remote is polled while the peer's agent works, default 800)",
  }),
  maxDiffBytes: setting({
    flag: 'max-diff-bytes',
    key: 'maxDiffBytes',
    type: wholeNumber(0, 100_000_000),
    // resolveSubject's own default (defaultMaxDiffBytes), repeated so that reading the settings does not load git's diff code.
    default: 200_000,
    commands: [...debaters, ...sessionCalls],
    help: 'the most diff a prompt carries; the file list covers the rest',
  }),
  maxPeerBytes: setting({
    flag: 'max-peer-bytes',
    key: 'maxPeerBytes',
    // A prompt must carry something of the peer's section; past 100 MB no model reads it.
    type: wholeNumber(1_024, 100_000_000),
    default: 65_536,
    commands: [...debaters, ...sessionCalls],
    help: "the most of the peer's last section, and of the open points, a prompt carries; the rest is named by its point headings",
  }),
  maxAnswerBytes: setting({
    flag: 'max-answer-bytes',
    key: 'maxAnswerBytes',
    type: wholeNumber(1_024, 100_000_000),
    default: 262_144,
    commands: [...debaters, ...sessionCalls],
    help: 'the longest answer an agent may give for one section; a longer one fails the turn',
  }),
  maxOutputTokens: setting({
    flag: 'max-output-tokens',
    key: 'maxOutputTokens',
    // Below a few hundred tokens no section fits; past ten million no server answers.
    type: wholeNumber(256, 10_000_000),
    // Servers default to as little as 4,096 tokens, which cuts a long review short.
    default: 16_384,
    commands: debaters,
    help: 'the most tokens an openai: or ollama: agent asks its server for in one answer; an answer cut there fails the turn',
  }),
  maxTokens: setting({
    flag: 'max-tokens',
    key: 'maxTokens',
    type: wholeNumber(1, 1_000_000_000_000),
    default: null,
    commands: debaters,
    help: 'the most tokens the debate may spend, both sides, as the agents report them; then the Reviewer writes the CONSENSUS',
  }),
  maxCostUsd: setting({
    flag: 'max-cost',
    key: 'maxCost',
    type: dollars,
    default: null,
    commands: debaters,
    help: 'the most US dollars the debate may spend, likewise (e.g. 0.50)',
  }),
  stance: setting({
    flag: 'stance',
    key: 'stance',
    type: choice(stances, { expected: stances.join(' or '), placeholder: '<stance>' }),
    default: 'default',
    commands: [...debaters, ...sessionCalls],
    help: `how the Responder argues: ${stances.join(' or ')}, which names the review's assumptions and argues the opposite case`,
  }),
  blockOn: setting({
    flag: 'block-on',
    key: 'blockOn',
    type: choice(severities, { placeholder: '<severity>' }),
    default: 'high',
    commands: [...debaters, ...sessionCalls, 'show'],
    help: `the lowest severity (${severities.join(', ')}) of a confirmed or disputed point that blocks: exit 1, or the push`,
    helpIn: {
      show: "the lowest severity of a confirmed or disputed point that the summary calls blocking: the settings file's blockOn, else the default",
      eval: 'the lowest severity of a confirmed or disputed point the gate blocks on, for the figures of the gate',
    },
  }),
  blockReproduced: setting({
    flag: 'block-reproduced',
    key: 'blockReproduced',
    type: choice(gateModes, { placeholder: '<mode>' }),
    default: 'regardless',
    commands: [...debaters, 'show'],
    help: 'regardless: a point blocks by where it stands, reproduced or not; only: a point blocks only when its reproduction reproduced, whatever was said of it',
    helpIn: { show: "which points the summary calls blocking, as the gate judges them (regardless or only): the settings file's blockReproduced, else the default" },
  }),
  json: setting({
    flag: 'json',
    key: null,
    type: flagSwitch,
    default: false,
    commands: [...debaters, 'show', 'status'],
    help: 'events as newline-delimited JSON on stdout (logs stay on stderr)',
    helpIn: { show: 'the versioned JSON report: --format json', status: 'the state as JSON', eval: 'the versioned JSON report on stdout instead of the table' },
  }),
  format: argument({
    flag: 'format',
    type: choice(reportFormats, { placeholder: '<format>' }),
    default: 'text',
    commands: ['show'],
    help: `the report's format: ${reportFormats.join(', ')}`,
  }),
  output: argument({ flag: 'output', type: anyText('<file>'), default: null, commands: ['show'], help: 'write the report to <file> instead of stdout' }),
  archived: argument({ flag: 'archived', type: flagSwitch, default: false, commands: ['status'], help: 'list the archived debates, the latest first' }),
  reports: setting({
    flag: 'report',
    key: null,
    type: reportTargets,
    default: [] as ReportTarget[],
    commands: ['duo', 'pre-push', 'eval'],
    help: 'write a report of the finished debate, as show --format <format> --output <file> would; repeatable',
    helpIn: { eval: 'write the report to <file> too, as text, json or html (e.g. html:eval.html); repeatable' },
  }),
  postToPr: setting({
    flag: 'post-to-pr',
    key: null,
    type: pullRequestTarget,
    default: null,
    commands: ['duo', 'show'],
    help: "post the summary on that pull request through gh, editing code-debate's earlier comment there",
  }),
  timeLimitMs: setting({ flag: 'time-limit', key: 'timeLimit', type: duration, default: 1_800_000, commands: ['pre-push'], help: 'the most the whole debate may take' }),
  timeLimitFails: setting({
    flag: 'time-limit-fails',
    key: 'timeLimitFails',
    type: choice(['open', 'closed']),
    default: 'open',
    commands: ['pre-push'],
    help: 'past the time limit, let the push through (open) or block it (closed)',
  }),
  keep: argument({
    flag: 'keep',
    type: flagSwitch,
    default: false,
    commands: ['demo', 'eval'],
    help: "keep the temporary repository: the demo's, or each case's of an eval",
    helpIn: { demo: "keep the demo's repository", eval: "keep each case's repository, its debate in reply.md" },
  }),
  jobs: argument({ flag: 'jobs', type: wholeNumber(1, 64, '<n>'), default: 1, commands: ['eval'], help: 'debate this many cases at once; each is two processes and their agents' }),
  cwd: argument({
    flag: 'cwd',
    short: 'C',
    type: anyText('<dir>'),
    default: null,
    commands: commandNames.filter((command) => command !== 'demo'),
    help: 'run as if started in <dir>',
  }),
  subject: argument({
    flag: 'subject',
    type: anyText('<text>'),
    default: null,
    commands: ['debate', 'duo', 'turn'],
    help: "the subject, taken as given: free text of one word, or one that starts with a command's word",
  }),
  remote: setting({
    flag: 'remote',
    key: 'remote',
    type: remoteName,
    default: null,
    commands: ['debate', ...sessionCalls, ...remoteReaders],
    help: 'the git remote (a name or URL) the debate lives on, under refs/code-debate/, each side in its own clone; reply.md mirrors it',
    helpIn: { show: remoteReader, status: remoteReader, archive: remoteReader },
  }),
  debate: setting({
    flag: 'debate',
    key: null,
    type: anyText('<name>'),
    default: null,
    commands: ['debate', ...sessionCalls, ...remoteReaders],
    help: "with --remote: the debate's name there; by default, from the subject's commits and the file",
    helpIn: { show: debateReader, status: debateReader, archive: debateReader },
  }),
  heartbeatMs: setting({
    flag: 'heartbeat',
    key: 'heartbeat',
    type: duration,
    default: 30_000,
    commands: ['debate', ...sessionCalls],
    help: 'with --remote: how often this side refreshes its claim; a claim that missed three is taken over',
  }),
  waitMs: setting({
    flag: 'wait',
    key: null,
    type: duration,
    default: 100_000,
    commands: ['turn'],
    help: "how long `turn` waits for this side's turn before it exits to be run again (exit 11): within the session's tool time limit (Claude Code's Bash tool stops a command after 2 minutes)",
  }),
  sessionTimeoutMs: setting({
    flag: 'session-timeout',
    key: 'sessionTimeout',
    type: duration,
    default: 900_000,
    commands: sessionCalls,
    help: "how long an interactive session's role stays its own after its last `turn` or `submit`; past it the session is gone, and another side may take the role",
  }),
  session: argument({
    flag: 'session',
    type: anyText('<id>'),
    default: null,
    commands: sessionCalls,
    help: 'the interactive session, as the `turn` that joined printed it: every later call names it',
  }),
  answer: argument({ flag: 'answer', type: anyText('<file>'), default: null, commands: ['submit'], help: 'read the answer from <file> instead of stdin' }),
  answerText: argument({
    flag: 'answer-text',
    type: anyText('<answer>'),
    default: null,
    commands: ['submit'],
    help: "the answer itself, in one single-quoted argument: the form every agent CLI's shell tool runs (Gemini CLI refuses a heredoc, Claude Code JSON in a command)",
  }),
  user: argument({
    flag: 'user',
    type: flagSwitch,
    default: false,
    commands: ['install-commands'],
    help: "into your home folder's agent settings, for every project, instead of the repository's",
  }),
  uninstall: argument({ flag: 'uninstall', type: flagSwitch, default: false, commands: ['install-commands'], help: 'remove the commands it wrote instead' }),
  help: argument({ flag: 'help', short: 'h', type: flagSwitch, default: false, commands: commandNames, help: 'show the help of a command' }),
  version: argument({ flag: 'version', short: 'V', type: flagSwitch, default: false, commands: commandNames, help: 'print the version' }),
};

export type SettingsTable = typeof settingsTable;
export type SettingName = keyof SettingsTable;

/** The table's entries in its order, each with its name. */
export const settingEntries = Object.entries(settingsTable) as Array<[SettingName, SettingEntry]>;
