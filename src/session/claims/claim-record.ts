import type { Role } from '../../protocol/document.js';

/** A role's claim file as written (JSON under the state directory): who holds the role, since when, and how it is doing. */
export interface ClaimRecord {
  role: Role;
  pid: number;
  host: string;
  /** Who runs it: on a remote (--remote) two machines' pids alone tell people little. */
  user?: string;
  /** Its pid namespace (`pid:[...]`), on a remote: one hostname may name two containers. */
  pidNamespace?: string;
  startedAt: string;
  agent: string;
  /** The process group of the agent running now, so a successor can stop an orphan. */
  agentPid?: number;
  /** When that agent started, so the peer and `status` can say how long it has been thinking. */
  agentStartedAt?: string;
  /** How far the agent's answer has come, as its backend reports it; published with the heartbeat while it writes. */
  agentProgress?: ClaimProgress;
  /** Refreshed every `heartbeatMs` while the process runs; absent in claims of older versions. */
  heartbeatAt?: string;
  /** The holder's heartbeat interval: a reader counts it gone after missing three. */
  heartbeatMs?: number;
  /** Held by an interactive session (`code-debate turn`): no process lives between its calls. */
  session?: SessionHold;
}

/**
 * An interactive session's hold on a role: each of its calls (`turn`, `submit`) is a heartbeat,
 * and the role stays its own for `leaseMs` after the last one (`--session-timeout`).
 */
export interface SessionHold {
  /** Named in every call of the session (`--session <id>`), so the role is known as its own again. */
  id: string;
  leaseMs: number;
  /** What its last call left it doing: waiting for its turn, or writing it (`turn` said it was its turn). */
  state: 'waiting' | 'writing';
  /** The subject the session joined on, for its later calls, which do not repeat it. */
  subject: string;
}

/** An agent's progress as a claim publishes it (see AgentProgress): readable by `status` in another process. */
export interface ClaimProgress {
  /** Tokens generated so far; null for a backend that does not count them. */
  tokens: number | null;
  tokensPerSecond: number | null;
  /** Steps an agent CLI reported (tool calls, commands); null or absent when it does not report them. */
  steps?: number | null;
  /** When the agent's call began. */
  since: string;
}
