import type { TurnUsage } from './protocol/usage.js';
/**
 * The errors a user can meet. Each message says what failed, what was expected, what was found
 * and what to do; the underlying error, if any, is kept as `cause`.
 */

export class CodeDebateError extends Error {
  override name = 'CodeDebateError';
}

/** The shared file breaks docs/protocol.md (an unknown heading, sections out of order). */
export class ProtocolError extends CodeDebateError {
  override name = 'ProtocolError';
  constructor(
    message: string,
    readonly line: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const agentFailureKinds = [
  'not-installed',
  'auth',
  'model-not-found',
  'rate-limited',
  'server-error',
  'timed-out',
  'crashed',
  'empty-output',
  'bad-output',
  'too-long',
  'interrupted',
] as const;
export type AgentFailureKind = (typeof agentFailureKinds)[number];

/** Failures that another try may cure; the others need the user to act first. */
const retryableKinds: ReadonlySet<AgentFailureKind> = new Set(['rate-limited', 'server-error', 'timed-out', 'crashed', 'empty-output']);

/** An agent could not write its turn: it failed, printed nothing, or ran out of time. */
export class AgentError extends CodeDebateError {
  override name = 'AgentError';
  /** What the turn's tries spent before it failed, as the agent reported it (see TurnUsage); null when nothing was reported. */
  spent: TurnUsage | null = null;
  constructor(
    message: string,
    readonly kind: AgentFailureKind = 'crashed',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  get retryable(): boolean {
    return retryableKinds.has(this.kind);
  }
}

/** Git could not give what was asked: not a repository, an unknown revision, a failed diff. */
export class GitError extends CodeDebateError {
  override name = 'GitError';
}

/** The command line or a setting is wrong. */
export class ConfigError extends CodeDebateError {
  override name = 'ConfigError';
}

/** The role this process wanted, or a lock it needs, is held by another live process. */
export class ClaimError extends CodeDebateError {
  override name = 'ClaimError';
}

/** SIGINT or SIGTERM arrived: the turn in progress was dropped and nothing was written. */
export class InterruptedError extends CodeDebateError {
  override name = 'InterruptedError';
}

/**
 * The repository (work tree, index or refs) changed while an agent wrote its turn: an agent that
 * reviews code must only read it. The debate stops; nothing is written, nothing is reverted.
 */
export class RepositoryChangedError extends CodeDebateError {
  override name = 'RepositoryChangedError';
}
