import { maxReproductionOutputBytes } from '../protocol/reproduction-modes.js';
import type { Role } from '../protocol/document.js';
import { killProcessGroup, signalGroup } from '../agents/kill-process-group.js';
import { InterruptedError } from '../errors.js';
import type { Repo } from '../git/find-repo.js';
import { takeRepoSnapshot } from '../git/repo-snapshot.js';
import type { Agent } from '../agents/agent.js';
import type { AgentCheckout } from './agent-checkout.js';
import type { AppendResult, SectionAppend } from './append-section.js';
import { claimId, type Claim, type ClaimRecord } from './claims/claim-role.js';
import type { SessionOutcome } from './debate-loop.js';
import { findRemoved, guardWorkspace, workspaceRemoved, WorkspaceRemovedError, type Workspace } from './guard-workspace.js';
import { findAgentGroups, isDebateAgentGroup } from './is-debate-agent-group.js';
import { onThisMachine } from './on-this-machine.js';
import type { PreparedDebate } from './prepare-debate.js';
import type { FileState } from './read-debate-file.js';
import type { SideMemory } from './side-memory.js';
import type { SessionOptions } from './run-session.js';
import type { StatePaths } from './state-paths.js';
import type { FileWatch } from '../watch/watch-file.js';

/** Where the debate is written and where the peer's claim is read: the local file, or a git remote (`--remote`). */
export interface DebateStore {
  /** Appends one section with compare-and-swap (see appendSection). */
  append(request: SectionAppend): Promise<AppendResult>;
  /** The peer's claim as it is now, or null when nobody holds the role. */
  readPeerClaim(role: Role): Promise<ClaimRecord | null>;
  /** Reads the claims afresh, where readPeerClaim gives them as last read (a remote's, as last polled). */
  refreshClaims?(): Promise<void>;
  /** When the claims readPeerClaim gives were read (epoch ms); absent when it reads them as they are. */
  claimsReadAt?(): number;
  /** The command that puts the debate back as `seen` held it, when not copying the saved text over the file. */
  restoreCommand?(seen: FileState): string | null;
}

/** A side that holds its role, before its debate starts. */
export interface ClaimedSide {
  repo: Repo;
  /** The debate file (absolute); with `--remote`, the local mirror of the remote debate. */
  file: string;
  relativeFile: string;
  specs: Record<Role, string>;
  paths: StatePaths;
  workspace: Workspace;
  claim: Claim;
  /** Where the debate lives when not in `file`: `origin refs/code-debate/<name>/debate` (`--remote`). */
  remote?: string;
  /** What this side remembers from turn to turn (see SideMemory): its store and its loop read the file through it. */
  memory: SideMemory;
}

/** What the debate runs on, set up once the role is held. */
export interface SideSetup {
  prepared: PreparedDebate;
  /** Wakes the loop when the debate may have changed. */
  watch: FileWatch;
  store: DebateStore;
}

/** The subject, agents and standards of a side (see prepareDebate), the exclude of its file said when it was added. */
export async function prepareSide(options: SessionOptions, side: Omit<ClaimedSide, 'claim' | 'workspace'>): Promise<PreparedDebate> {
  const { prepareDebate } = await import('./prepare-debate.js');
  const subjectOptions = { cwd: options.cwd, exclude: [side.relativeFile], maxDiffBytes: options.maxDiffBytes, env: options.agentEnvironment.env };
  const prepared = await prepareDebate({
    root: side.repo.root,
    relativeFile: side.relativeFile,
    paths: side.paths,
    specs: side.specs,
    agentEnvironment: options.agentEnvironment,
    subject: options.subject,
    subjectOptions,
  });
  if (prepared.excluded) {
    options.emit({ type: 'warning', role: null, message: `added /${side.relativeFile} to the repository's info/exclude, so the debate is never committed by accident.` });
  }
  return prepared;
}

/**
 * Runs the debate of a side that holds its role, to its end: `setup` (the subject, the watch,
 * where sections go) and then the loop. The claim is released however it ends; an error after a
 * Ctrl-C is an interruption, and a removed repository is the reason given whatever failed first.
 */
export async function runClaimedSide(options: SessionOptions, side: ClaimedSide, setup: () => Promise<SideSetup>): Promise<SessionOutcome> {
  const { claim, workspace } = side;
  let checkout: AgentCheckout | null = null;
  // The warnings said since the last turn, for a person whose editor hides the log (TurnRequest.notices).
  let warnings: string[] = [];
  const emit: SessionOptions['emit'] = (event) => {
    if (event.type === 'warning') warnings.push(event.message);
    options.emit(event);
  };
  const takeWarnings = () => {
    const taken = warnings;
    warnings = [];
    return taken;
  };
  try {
    // All of this waits for the claim only, and runs side by side: the subject's git and the watch
    // (setup), the loop's modules (the reader's remark and zod would have delayed the claim), and
    // the stop of a dead predecessor's agent, which must come before the checkout's sweep removes
    // the checkout that agent may still run in. All settle before a failure is thrown, so that no
    // step is cut off half done.
    const [ready, loop, reader, checkouts] = await Promise.allSettled([
      setup(),
      import('./debate-loop.js'),
      import('../ledger/ledger-reader.js'),
      stopOrphanAgent(claim, side.file).then(() => import('./agent-checkout.js')),
    ]);
    const { prepared, watch: sourceWatch, store } = settled(ready);
    const { debateLoop } = settled(loop);
    const { createLedgerReader } = settled(reader);
    const agent = prepared.createAgent(claim.role);
    let sandboxed = false;
    if (!agent.interactive) {
      // The sandbox probe (a bwrap process) runs beside the checkout's git.
      const probing = sandboxFor(options, agent);
      probing.catch(() => undefined);
      checkout = await settled(checkouts).openAgentCheckout({ root: side.repo.root, gitDir: side.repo.gitDir, role: claim.role, subject: prepared.subject, emit });
      sandboxed = await probing;
    }
    options.emit({
      type: 'claimed',
      role: claim.role,
      agent: agent.name,
      file: side.relativeFile,
      subject: prepared.subject.description,
      tookOverFrom: claim.tookOverFrom?.pid ?? null,
      ...(claim.tookOverFrom === null ? {} : { tookOverHost: claim.tookOverFrom.host }),
      ...(side.remote === undefined ? {} : { remote: side.remote }),
    });
    warnAboutRole(options, claim.role);
    const watch = guardWorkspace(sourceWatch, workspace);
    try {
      return await debateLoop(
        {
          role: claim.role,
          root: side.repo.root,
          file: side.file,
          relativeFile: side.relativeFile,
          subject: prepared.subject,
          subjectStamp: prepared.subjectStamp,
          agent,
          claim,
          paths: side.paths,
          store,
          reader: createLedgerReader(),
          memory: side.memory,
          standards: prepared.standards,
          stance: options.stance,
          blockOn: options.blockOn,
          blockReproduced: options.blockReproduced,
          resolveSubjectAgain: prepared.resolveSubjectAgain,
          takeSnapshot: () => takeRepoSnapshot(checkout?.dir ?? side.repo.root, { branches: checkout === null }),
          ...(checkout === null ? {} : { checkout, sandboxed }),
          reproduction: {
            root: side.repo.root,
            gitDir: side.repo.gitDir,
            mode: options.reproductions,
            timeoutMs: options.reproductionTimeoutMs,
            maxOutputBytes: maxReproductionOutputBytes,
          },
          maxRounds: options.maxRounds,
          turnTimeoutMs: options.turnTimeoutMs,
          agentTimeoutMs: options.agentTimeoutMs,
          maxPeerBytes: options.maxPeerBytes,
          maxAnswerBytes: options.maxAnswerBytes,
          budget: { maxTokens: options.maxTokens, maxCostUsd: options.maxCostUsd },
          signal: options.signal,
          emit,
          takeWarnings,
        },
        watch,
      );
    } finally {
      await watch.close();
    }
  } catch (error) {
    if (options.signal.aborted && !(error instanceof InterruptedError)) throw new InterruptedError('Interrupted; nothing partial was written.', { cause: error });
    // Whatever failed first (a write, git, the agent), a removed repository or directory is the reason to give.
    const removed = findRemoved(workspace);
    if (removed !== null && !(error instanceof WorkspaceRemovedError)) throw workspaceRemoved(workspace, removed, { cause: error });
    throw error;
  } finally {
    await checkout?.remove().catch((error: unknown) => {
      options.emit({
        type: 'warning',
        role: claim.role,
        message: `could not remove the agent's checkout ${checkout?.dir}: ${(error as Error).message}; the next code-debate started in this repository removes it.`,
      });
    });
    await claim.release();
  }
}

/** The value of a settled promise, or its failure thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * Whether a `cmd:` agent runs under bubblewrap, everything but its checkout and a temporary
 * folder read-only: where bwrap is missing or cannot run (a container that forbids user
 * namespaces), it runs as it is, and the warning says so. `CODE_DEBATE_SANDBOX=off` turns it off.
 */
async function sandboxFor(options: SessionOptions, agent: Agent): Promise<boolean> {
  if (agent.sandboxable !== true || options.agentEnvironment.env.CODE_DEBATE_SANDBOX === 'off') return false;
  const { probeSandbox } = await import('../agents/bwrap-sandbox.js');
  const probe = await probeSandbox();
  if (probe.ok) return true;
  options.emit({
    type: 'warning',
    role: null,
    message: `${probe.reason}, so agent \`${agent.name}\` runs without a sandbox: it could write outside its checkout, and only what it writes there, and in the repository's config, exclude file and hooks, is caught.`,
  });
  return false;
}

/** Options that do nothing for the role this side got. */
function warnAboutRole(options: SessionOptions, role: Role): void {
  if (role === 'responder' && (options.maxTokens !== null || options.maxCostUsd !== null)) {
    options.emit({
      type: 'warning',
      role,
      message:
        "a budget (--max-tokens, --max-cost) ends the debate at the Reviewer's turn, and this side is the Responder: set it where the Reviewer runs too (`.code-debate.json` sets it for both).",
    });
  }
  if (role === 'reviewer' && options.stance !== 'default') {
    options.emit({ type: 'warning', role, message: `--stance ${options.stance} shapes the Responder's answers; this side is the Reviewer, so it is ignored.` });
  }
}

/**
 * The agent a dead predecessor started may still run: stop it before writing the same turn, where
 * this side can see it (the same host and pid namespace), whichever clone it ran in: the group
 * its claim names, and any that carries its claim.
 */
async function stopOrphanAgent(claim: Claim, file: string): Promise<void> {
  const dead = claim.tookOverFrom;
  if (dead === null || !onThisMachine(dead)) return;
  const marker = `CODE_DEBATE_CLAIM=${claimId(dead)}`;
  // Only a group that really runs an agent of this debate: a planted claim must not name any group to kill.
  const named = dead.agentPid !== undefined && isDebateAgentGroup(dead.agentPid, [`CODE_DEBATE_FILE=${file}`, marker]) ? [dead.agentPid] : [];
  const orphans = [...new Set([...named, ...findAgentGroups(marker)])].filter((group) => signalGroup(group, 0));
  await Promise.all(orphans.map((group) => killProcessGroup(group, 2_000)));
}
