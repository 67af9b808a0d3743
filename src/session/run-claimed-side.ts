import { maxReproductionOutputBytes } from '../protocol/reproduction-modes.js';
import type { Role } from '../protocol/document.js';
import { killProcessGroup, signalGroup } from '../agents/kill-process-group.js';
import { InterruptedError } from '../errors.js';
import type { Repo } from '../git/find-repo.js';
import { takeRepoSnapshot } from '../git/repo-snapshot.js';
import type { Agent } from '../agents/agent.js';
import type { AgentCheckout } from './agent-checkout.js';
import { claimId, type Claim } from './claims/claim-role.js';
import { TurnHandedOver } from '../agents/session/session-agent.js';
import type { DebateStore } from './debate-store.js';
import type { SideOutcome } from './debate-loop.js';
import { findRemoved, guardWorkspace, workspaceRemoved, WorkspaceRemovedError, type Workspace } from './guard-workspace.js';
import { findAgentGroups, isDebateAgentGroup } from './is-debate-agent-group.js';
import { onThisMachine } from './on-this-machine.js';
import type { PreparedDebate } from './prepare-debate.js';
import type { SideOptions } from './side-options.js';
import type { SideIdentity, SideIO, SideLimits } from './side-context.js';
import type { SideMemory } from './side-memory.js';
import type { StatePaths } from './state-paths.js';
import type { FileWatch } from '../watch/watch-file.js';

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
export async function prepareSide(options: SideOptions, side: Omit<ClaimedSide, 'claim' | 'workspace'>): Promise<PreparedDebate> {
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
export async function runClaimedSide(options: SideOptions, side: ClaimedSide, setup: () => Promise<SideSetup>): Promise<SideOutcome> {
  const { claim, workspace } = side;
  // Set once made, beside the loop's modules (a closure TypeScript does not follow, hence the cast).
  let checkout = null as AgentCheckout | null;
  // The warnings said since the last turn, for a person whose editor hides the log (TurnRequest.notices).
  let warnings: string[] = [];
  const emit: SideOptions['emit'] = (event) => {
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
    // the checkout that agent may still run in. The checkout's git starts once the subject and the
    // agent are known, while the loop's own modules still load. All settle before a failure is
    // thrown, so that no step is cut off half done.
    const ready = setup();
    const checkouts = stopOrphanAgent(claim, side.file).then(() => import('./agent-checkout.js'));
    const opened = Promise.allSettled([ready, checkouts]).then(async ([readied, loaded]) => {
      const { prepared } = settled(readied);
      const { openAgentCheckout } = settled(loaded);
      const agent = prepared.createAgent(claim.role);
      if (agent.interactive) return { agent, sandboxed: false };
      // The sandbox probe (a bwrap process) runs beside the checkout's git.
      const probing = sandboxFor(options, agent);
      probing.catch(() => undefined);
      checkout = await openAgentCheckout({ root: side.repo.root, gitDir: side.repo.gitDir, role: claim.role, subject: prepared.subject, emit });
      return { agent, sandboxed: await probing };
    });
    const [setUp, loop, reader, started] = await Promise.allSettled([ready, import('./debate-loop.js'), import('../ledger/ledger-reader.js'), opened]);
    const { prepared, watch: sourceWatch, store } = settled(setUp);
    const { debateLoop } = settled(loop);
    const { createLedgerReader } = settled(reader);
    const { agent, sandboxed } = settled(started);
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
      const identity: SideIdentity = {
        role: claim.role,
        root: side.repo.root,
        file: side.file,
        relativeFile: side.relativeFile,
        subject: prepared.subject,
        subjectStamp: prepared.subjectStamp,
        agent,
        ...(checkout === null ? {} : { checkout, sandboxed }),
        claim,
        paths: side.paths,
        standards: prepared.standards,
        stance: options.stance,
      };
      const io: SideIO = {
        store,
        reader: createLedgerReader(),
        memory: side.memory,
        resolveSubjectAgain: prepared.resolveSubjectAgain,
        takeSnapshot: () => takeRepoSnapshot(checkout?.dir ?? side.repo.root, { branches: checkout === null }),
        reproduction: {
          root: side.repo.root,
          gitDir: side.repo.gitDir,
          mode: options.reproductions,
          timeoutMs: options.reproductionTimeoutMs,
          maxOutputBytes: maxReproductionOutputBytes,
        },
        signal: options.signal,
        emit,
        takeWarnings,
      };
      return await debateLoop({ ...identity, ...sideLimits(options), ...io }, watch);
    } finally {
      await watch.close();
    }
  } catch (error) {
    if (error instanceof TurnHandedOver) claim.handedOver();
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

/** A side's limits, as the options set them. */
function sideLimits(options: SideOptions): SideLimits {
  return {
    blockOn: options.blockOn,
    blockReproduced: options.blockReproduced,
    maxRounds: options.maxRounds,
    budget: { maxTokens: options.maxTokens, maxCostUsd: options.maxCostUsd },
    turnTimeoutMs: options.turnTimeoutMs,
    agentTimeoutMs: options.agentTimeoutMs,
    maxPeerBytes: options.maxPeerBytes,
    maxAnswerBytes: options.maxAnswerBytes,
  };
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
async function sandboxFor(options: SideOptions, agent: Agent): Promise<boolean> {
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
function warnAboutRole(options: SideOptions, role: Role): void {
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
