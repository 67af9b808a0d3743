import type { AgentEnvironment } from '../agents/create-agent.js';
import type { Settings } from '../config/settings.js';
import type { Repo } from '../git/find-repo.js';
import type { ClaimsHeld, SessionHold } from './claims/claim-role.js';
import type { EventSink } from './side-events.js';

/** What a run adds to the debate's settings: where it runs, what it debates, and the process's own means. */
export interface SideRun {
  cwd: string;
  /** The work tree around `cwd`, when the caller has found it already. */
  repo?: Repo;
  subject: string;
  /** Period of the checksum safety net. */
  safetyNetMs: number;
  signal: AbortSignal;
  emit: EventSink;
  agentEnvironment: AgentEnvironment;
  /** Played by an interactive session (`code-debate turn`, `submit`): its hold on the role. */
  session?: Omit<SessionHold, 'state'>;
  /** The claims this process holds: made once by the process (the cli), shared by every side it runs. */
  claimsHeld: ClaimsHeld;
  /** A finished debate is read as it is (a session's later call), not archived to start a new one. */
  keepFinished?: boolean;
}

/** One side's options: the resolved settings (see the settings table) and what the run adds. */
export type SideOptions = Settings & SideRun;
