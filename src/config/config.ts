import { agentNames } from '../agents/agent-names.js';
import { stances, type Stance } from '../prompts/stance.js';
import { severities, type Severity } from '../protocol/document.js';

export const timeLimitFailsValues = ['open', 'closed'] as const;
export type TimeLimitFails = (typeof timeLimitFailsValues)[number];


/** The settings as read from the file: every one optional, every flag overrides its setting. */
export interface CodeDebateConfig {
  /** The agent for both roles, unless `reviewerAgent` or `responderAgent` names one. */
  agent?: string;
  reviewerAgent?: string;
  responderAgent?: string;
  maxRounds?: number;
  /** Durations stay as written (`"10m"`) so a setting and its flag are read by one parser. */
  turnTimeout?: string;
  agentTimeout?: string;
  timeLimit?: string;
  blockOn?: Severity;
  maxDiffBytes?: number;
  maxPeerBytes?: number;
  maxAnswerBytes?: number;
  /** The most tokens a chat agent (`openai:`, `ollama:`) asks its server for in one answer. */
  maxOutputTokens?: number;
  maxTokens?: number;
  maxCost?: number;
  /** The shared file, relative to the repository root. */
  file?: string;
  timeLimitFails?: TimeLimitFails;
  stance?: Stance;
  /** A git remote (name or URL) the debate lives on, for sides in different clones. */
  remote?: string;
  /** How often a side refreshes its claim on the remote. */
  heartbeat?: string;
}

export type ConfigKey = keyof CodeDebateConfig;

export const configFileName = '.code-debate.json';
export const packageJsonKey = 'codeDebate';

export const maxRoundsRange = { min: 1, max: 100 } as const;
export const maxDiffBytesRange = { min: 0, max: 100_000_000 } as const;
/** A prompt must carry something of the peer's section; past 100 MB no model reads it. */
export const maxPeerBytesRange = { min: 1_024, max: 100_000_000 } as const;
export const maxAnswerBytesRange = { min: 1_024, max: 100_000_000 } as const;
/** Below a few hundred tokens no section fits; past ten million no server answers. */
export const maxOutputTokensRange = { min: 256, max: 10_000_000 } as const;
export const maxTokensRange = { min: 1, max: 1_000_000_000_000 } as const;

const quoted = (values: readonly string[]): string => values.map((value) => JSON.stringify(value)).join(', ');
const agentAllowed = `an agent name: ${agentNames.join(', ')}`;
const durationAllowed = 'a duration string like "90s", "10m" or "1h"';

export interface ConfigSetting {
  /** What the setting does, for help and docs/configuration.md. */
  describe: string;
  /** What it accepts, worded to follow "expected `key` to be". */
  allowed: string;
}

/** Every setting, in the order help lists them. */
export const configSettings: { readonly [K in ConfigKey]-?: ConfigSetting } = {
  agent: { describe: 'The agent for both roles, unless a role names its own.', allowed: agentAllowed },
  reviewerAgent: { describe: 'The agent for the Reviewer.', allowed: agentAllowed },
  responderAgent: { describe: 'The agent for the Responder.', allowed: agentAllowed },
  maxRounds: {
    describe: 'Rounds before the Reviewer writes the CONSENSUS.',
    allowed: `a whole number from ${maxRoundsRange.min} to ${maxRoundsRange.max}`,
  },
  turnTimeout: { describe: "How long to wait for the peer's turn.", allowed: durationAllowed },
  agentTimeout: { describe: 'How long the agent may take for one turn.', allowed: durationAllowed },
  timeLimit: { describe: 'How long the whole debate may take.', allowed: durationAllowed },
  blockOn: { describe: 'The lowest severity of a point that fails the review.', allowed: `one of ${quoted(severities)}` },
  maxDiffBytes: {
    describe: 'The most diff a prompt carries; the file list covers the rest.',
    allowed: `a whole number from ${maxDiffBytesRange.min} to ${maxDiffBytesRange.max}`,
  },
  maxPeerBytes: {
    describe: "The most of the peer's last section, and of the open points, a prompt carries; the rest is named by its point headings.",
    allowed: `a whole number from ${maxPeerBytesRange.min} to ${maxPeerBytesRange.max}`,
  },
  maxAnswerBytes: {
    describe: "The longest answer an agent may give for one section; a longer one fails the turn.",
    allowed: `a whole number from ${maxAnswerBytesRange.min} to ${maxAnswerBytesRange.max}`,
  },
  maxOutputTokens: {
    describe: 'The most tokens a chat agent (openai:, ollama:) asks its server for in one answer; an answer cut at the limit fails the turn.',
    allowed: `a whole number from ${maxOutputTokensRange.min} to ${maxOutputTokensRange.max}`,
  },
  maxTokens: {
    describe: 'The most tokens (in and out, both sides, as the agents report them) the debate may spend; then the Reviewer writes the CONSENSUS.',
    allowed: `a whole number from ${maxTokensRange.min} to ${maxTokensRange.max}`,
  },
  maxCost: {
    describe: 'The most US dollars (both sides, as the agents report them) the debate may spend; then the Reviewer writes the CONSENSUS.',
    allowed: 'a number of dollars above 0, e.g. 0.5',
  },
  file: { describe: 'The shared file.', allowed: 'a relative path inside the repository, without `..`' },
  timeLimitFails: {
    describe: 'Whether a debate that runs out of `timeLimit` passes (open) or fails (closed).',
    allowed: `one of ${quoted(timeLimitFailsValues)}`,
  },
  stance: { describe: "How the Responder argues: `devils-advocate` names the review's assumptions and argues the opposite case.", allowed: `one of ${quoted(stances)}` },
  remote: { describe: 'A git remote (name or URL) the debate lives on, so the two sides can run in different clones and on different machines.', allowed: 'a remote name or URL' },
  heartbeat: { describe: "How often a side refreshes its claim on the remote; a claim that missed three is taken over.", allowed: durationAllowed },
};

export const configKeys = Object.keys(configSettings) as ConfigKey[];
