import type { Agent } from '../agents/agent.js';
import type { Role, Severity } from '../protocol/document.js';
import type { RefStamp } from '../git/ref-stamp.js';
import type { RepoSnapshot } from '../git/repo-snapshot.js';
import type { Subject } from '../subject/subject.js';
import type { Stance } from '../prompts/stance.js';
import type { Budget } from '../protocol/budget.js';
import type { LedgerReader } from '../ledger/ledger-reader.js';
import type { GateMode } from '../ledger/judge-debate.js';
import type { AgentCheckout } from './agent-checkout.js';
import type { ReproductionSetup } from './run-reproduction.js';
import type { Claim } from './claims/claim-role.js';
import type { DebateStore } from './debate-store.js';
import type { SideMemory } from './side-memory.js';
import type { EventSink } from './side-events.js';
import type { StatePaths } from './state-paths.js';

/** Who a side is: its role, its debate, its subject and its agent, fixed once the role is held. */
export interface SideIdentity {
  role: Role;
  root: string;
  /** Absolute path of the shared file. */
  file: string;
  /** The file relative to the work tree root, as prompts name it. */
  relativeFile: string;
  /** The subject as resolved at the start. */
  subject: Subject;
  /**
   * Where git's refs stood just before `subject` was resolved, or null when unknown: while they
   * stay there, a subject read from refs alone is not resolved again (see trackSubject).
   */
  subjectStamp: RefStamp | null;
  agent: Agent;
  /** Where the agent runs (see AgentCheckout); absent for a person, who works in the work tree. */
  checkout?: AgentCheckout;
  /** Whether a `cmd:` agent runs under bubblewrap, able to write only to its checkout and its TMPDIR. */
  sandboxed?: boolean;
  claim: Claim;
  paths: StatePaths;
  standards: string | null;
  /** How the Responder argues (`--stance`); the Reviewer ignores it. */
  stance: Stance;
}

/** What a side may spend, how long it waits, and what makes its outcome blocking: the settings of a debate. */
export interface SideLimits {
  /** The lowest severity that makes a confirmed or disputed point blocking (exit 1). */
  blockOn: Severity;
  /** Whether only reproduced points block (`--block-reproduced only`); absent: by their standing. */
  blockReproduced?: GateMode;
  maxRounds: number;
  /** What the whole debate may spend (`--max-tokens`, `--max-cost`). */
  budget: Budget;
  turnTimeoutMs: number;
  agentTimeoutMs: number;
  /** The most bytes of the peer's last section, and of the open points, a prompt carries (`--max-peer-bytes`). */
  maxPeerBytes: number;
  /** The longest answer, in bytes, an agent may give for one section (`--max-answer-bytes`). */
  maxAnswerBytes: number;
}

/** How a side reaches the world: the debate's store and reader, git, reproductions, its events and its stop signal. */
export interface SideIO {
  /** Where sections are appended and the peer's claim is read: the local file, or a git remote. */
  store: DebateStore;
  /** This side's reader of the debate file: it parses, walks and folds only what the file gained since its last read. */
  reader: LedgerReader;
  /** What this side remembers from turn to turn: its last read of the file, its evidence checks (see SideMemory). */
  memory: SideMemory;
  /** The subject as it is now: the author may have pushed a fix since the review. */
  resolveSubjectAgain: () => Promise<Subject>;
  /** The agent's checkout, its HEAD and the repository's config, exclude file and hooks, as the agent could change them (see guardRepository). */
  takeSnapshot: () => Promise<RepoSnapshot>;
  /** How this side runs the reproductions its agent writes (see runReproduction); absent: they are written without a result. */
  reproduction?: ReproductionSetup;
  signal: AbortSignal;
  emit: EventSink;
  /** The warnings said since the last call (see TurnRequest.notices). */
  takeWarnings?: () => string[];
}

/**
 * What one side of a debate knows once it has started, fixed for the whole session: who it is,
 * its limits and its I/O. A function that needs one part takes that part (decideTurn takes no I/O
 * but the reader).
 */
export type SideContext = SideIdentity & SideLimits & SideIO;
