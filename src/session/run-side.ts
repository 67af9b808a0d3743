import { endsDebate, roleName } from '../protocol/turn-table.js';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '../protocol/document.js';
import { resolveAutoAgent } from '../agents/presets/cli-agent-auto.js';
import { ConfigError, ProtocolError } from '../errors.js';
import { reachFaultPoint } from '../fault-point.js';
import { findRepo } from '../git/find-repo.js';
import { resolveInsideRepo } from '../git/resolve-inside-repo.js';
import { checkAgentSpecs } from './check-agent-specs.js';
import { checkDebateFile } from './check-debate-file.js';
import { claimRole } from './claims/claim-role.js';
import type { SideOutcome } from './debate-loop.js';
import type { Workspace } from './guard-workspace.js';
import { readClaim } from './claims/read-claims.js';
import { readDebateFile, type FileState } from './read-debate-file.js';
import type { DebateStore } from './debate-store.js';
import { prepareSide, runClaimedSide, type ClaimedSide } from './run-claimed-side.js';
import type { EventSink } from './side-events.js';
import type { SideOptions } from './side-options.js';
import type { EmptySubjectCheck } from '../subject/find-empty-subject.js';
import { damageRecordPath, statePaths, type StatePaths } from './state-paths.js';
import { readStateFile } from './read-state-file.js';
import { createSideMemory } from './side-memory.js';

// Up to the claim this file loads only what the claim needs (launch → claim < 250 ms, bench/README.md):
// the agents, remark, git's diff code, chokidar and the loop load after it (`await import`).

/** One side of a debate, from the command line's options to the end of the debate. */
export async function runSide(options: SideOptions): Promise<SideOutcome> {
  const repo = options.repo ?? (await findRepo(options.cwd));
  const file = await resolveInsideRepo(repo.root, options.file, options.fileBase === 'root' ? repo.root : options.cwd);
  const relativeFile = path.relative(repo.root, file);
  const specs = await chooseAgents(options);
  const paths = statePaths(repo.gitDir, repo.root, file);
  // Everything that can be checked before a role is claimed is checked here: a peer never waits for a mistake.
  // git answers the subject's question meanwhile (several of its processes, tens of milliseconds each); its refusal comes in turn.
  // While git works, the few modules that resolve the subject after the claim load too: there they
  // would queue behind the loop's hundreds, and the subject's git would start only after them.
  const subjectChecked = Promise.all([
    checkSubjectChange(options.subject, { cwd: options.cwd, root: repo.root, exclude: [relativeFile] }),
    import('./prepare-debate.js'),
    import('../subject/resolve-subject.js'),
  ]).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  await checkFolder(file, options.file);
  await checkAgentSpecs(specs, repo.root, options.agentEnvironment, options.role);
  const found = await readDebateFile(file);
  await checkDebateFile(repo.root, relativeFile, found);
  await checkDamage(paths, found, relativeFile);
  const subjectRefused = await subjectChecked;
  if (subjectRefused !== null) throw subjectRefused.error;
  const workspace: Workspace = { cwd: options.cwd, root: repo.root, gitDir: repo.gitDir, file };
  if (options.remote !== null) {
    const { runRemoteSession } = await import('./remote/run-remote-session.js');
    const remote = { remote: options.remote, debate: options.debate, heartbeatMs: options.heartbeatMs };
    return runRemoteSession(options, remote, { repo, file, relativeFile, specs, paths, workspace, memory: createSideMemory() });
  }
  const initial = options.keepFinished === true ? found : await startFresh(file, found, relativeFile, paths, options.emit);
  await reachFaultPoint('claim');
  const claim = await claimRole({
    paths,
    wanted: options.role,
    fileExists: initial.exists && initial.text.trim() !== '',
    agent: (role) => specs[role],
    held: options.claimsHeld,
    ...(options.session === undefined ? {} : { session: options.session }),
  });
  // Only after the claim: the subject's git and hundreds of modules would delay it (module loading
  // holds the one thread). A failure here releases the claim (finally) with nothing written.
  const side: ClaimedSide = { repo, file, relativeFile, specs, paths, workspace, claim, memory: createSideMemory() };
  return runClaimedSide(options, side, async () => {
    const [prepared, { watchFile }] = await Promise.all([prepareSide(options, side), import('../watch/watch-file.js')]);
    // --poll's stat sampling notices a change within the interval: the checksum tick stays a safety net, as with events.
    const safetyNetMs = options.safetyNetMs;
    const watch = await watchFile(file, {
      pollMs: options.pollMs,
      safetyNetMs,
      onError: (error) =>
        options.emit({
          type: 'warning',
          role: claim.role,
          message: `watching ${relativeFile} failed (${error.message}); checking its checksum every ${safetyNetMs} ms instead. --poll <ms> notices changes within <ms> without filesystem events.`,
        }),
    });
    const store: DebateStore = {
      append: async (request) => (await import('./append-section.js')).appendSection({ ...request, file, lockPath: paths.writeLock, memory: side.memory.file }),
      readPeerClaim: (role) => readClaim(paths, role),
    };
    return { prepared, watch, store };
  });
}

/**
 * The agent spec of each role, `auto` resolved (the first of claude, codex, gemini on PATH, else
 * builtin; said once), for the claim to name. prepareDebate checks both.
 */
async function chooseAgents(options: SideOptions): Promise<Record<Role, string>> {
  const auto = Object.values(options.agents).some((spec) => spec.trim() === 'auto') ? await resolveAutoAgent(options.agentEnvironment.env) : null;
  if (auto) options.emit({ type: 'agent-chosen', role: null, message: auto.message });
  return {
    reviewer: options.agents.reviewer.trim() === 'auto' && auto ? auto.spec : options.agents.reviewer,
    responder: options.agents.responder.trim() === 'auto' && auto ? auto.spec : options.agents.responder,
  };
}

/** The debate file as this session starts on it: a finished debate is archived first, never deleted. */
async function startFresh(file: string, initial: FileState, relativeFile: string, paths: StatePaths, emit: EventSink): Promise<FileState> {
  // A CONSENSUS heading is read from the source as written, so a file without the word has none
  // and the parser (remark, ~100 modules) is not loaded before the claim.
  if (!/consensus/i.test(initial.text)) return initial;
  const [{ parseDocument }, { archiveDebate }] = await Promise.all([import('../protocol/parse-document.js'), import('./archive-debate.js')]);
  const parsed = parseDocument(initial.text);
  if (!parsed.ok || !endsDebate(parsed.document.sections.at(-1))) return initial;
  const archived = await archiveDebate(file, paths, initial.checksum);
  if (archived !== null) emit({ type: 'archived', role: null, file: relativeFile, to: archived });
  return readDebateFile(file);
}

/**
 * A file another side found damaged (it lost text that side had read) is refused as that side
 * refuses it, until it is restored or the edit kept: going on from it would build on what is left.
 */
async function checkDamage(paths: StatePaths, found: FileState, relativeFile: string): Promise<void> {
  // The parser that reads the damage loads only when a side recorded one: start-up leaves it until after the claim.
  if ((await readStateFile(damageRecordPath(paths))) === null) return;
  const [{ clearDamageRecord, isFinderRunning, readStandingDamage }, { describeDamage }] = await Promise.all([import('./damage-record.js'), import('./describe-damage.js')]);
  const { record, stale } = await readStandingDamage(paths, found);
  if (stale) await clearDamageRecord(paths);
  if (record === null) return;
  const side = roleName(record.role);
  const waits = (await isFinderRunning(paths, record)) ? ', and waits for it to be restored' : '';
  throw new ProtocolError(`${describeDamage(relativeFile, record)}. The ${side} found it at ${record.at.slice(11, 19)}${waits}: no side goes on from it until then.`);
}

/** A subject that changes no file is refused before a role is claimed: a debate of nothing would pass (exit 0) having reviewed nothing. */
async function checkSubjectChange(subject: string, check: EmptySubjectCheck): Promise<void> {
  const { findEmptySubject } = await import('../subject/find-empty-subject.js');
  const empty = await findEmptySubject(subject, check);
  if (empty !== null) throw new ConfigError(empty);
}

/** The debate file's folder must exist: code-debate creates the file, never folders the user did not ask for. */
async function checkFolder(file: string, given: string): Promise<void> {
  const folder = path.dirname(file);
  const isFolder = await stat(folder).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isFolder) throw new ConfigError(`Cannot use \`${given}\` as the debate file: its folder ${folder} does not exist. Create it, or choose another --file.`);
}
