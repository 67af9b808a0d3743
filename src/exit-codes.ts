/** Every exit code code-debate uses; docs/troubleshooting.md documents each one. */
export const exitCodes = {
  /** The debate ended with nothing blocking: no point at or above --block-on confirmed or disputed. */
  consensus: 0,
  /** A command other than a debate (help, show, status, archive, hook, eval, ...) did what it was asked: the same 0, named for what it means there. */
  ok: 0,
  /** The debate ended (consensus, limit or stall) with blocking points left: fix them, or decide. */
  disputed: 1,
  /** Bad command line or setting, a subject that changes no file, a path outside the repository, both roles already taken, or a file or folder code-debate must write refuses this user. */
  usage: 2,
  /** The peer did not take its turn within --turn-timeout; for `code-debate turn`, the peer is gone (its process ended). */
  peerTimeout: 3,
  /** The agent failed, printed nothing or ran out of time; nothing was written. */
  agentFailure: 4,
  /** The shared file breaks the protocol (an unknown heading, sections out of turn), lost text a side had read and is not restored, or a section just written does not read back as the last. */
  protocolError: 5,
  /** Git could not resolve the subject or the repository. */
  gitError: 6,
  /** An agent changed its checkout, or the repository's config, exclude file or hooks, while it wrote its turn: nothing was written. */
  repositoryChanged: 7,
  /** `code-debate turn`: it is this side's turn; what to write and how to submit it is printed. */
  yourTurn: 10,
  /** `code-debate turn`: still the other side's turn after --wait; run the same command again. */
  stillWaiting: 11,
  /** `code-debate submit`: it is not this side's turn; nothing was written. */
  notYourTurn: 12,
  /** `code-debate submit`: the answer does not validate against the turn's schema; nothing was written. */
  answerRefused: 13,
  /** A bug in code-debate itself. */
  internal: 70,
  /** Stopped by SIGHUP (the terminal was closed). */
  sighup: 129,
  /** Interrupted by SIGINT (Ctrl-C). */
  sigint: 130,
  /** Stopped by SIGTERM. */
  sigterm: 143,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];
