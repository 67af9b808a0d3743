import { roleNames } from '../protocol/turn-table.js';
import os from 'node:os';
import path from 'node:path';
import type { Role, DebateDocument } from '../protocol/document.js';
import { CodeDebateError } from '../errors.js';
import { findRepo, type Repo } from '../git/find-repo.js';
import { resolveInsideRepo } from '../git/resolve-inside-repo.js';
import { buildLedger } from '../ledger/build-ledger.js';
import { convergenceSequence, type ConvergenceState } from '../ledger/convergence-state.js';
import { readOutcome, type Outcome } from '../ledger/read-outcome.js';
import { decideAction } from '../protocol/decide-action.js';
import { parseDocument } from '../protocol/parse-document.js';
import { startsAsDebate } from '../protocol/starts-as-debate.js';
import type { ClaimRecord } from '../session/claims/claim-role.js';
import { formatDuration } from '../format-duration.js';
import { heartbeatAgeMs, isHolderRunning, viewHolder, type HolderState } from '../session/claims/heartbeat-state.js';
import { resolveArchivedDebate } from '../session/archived-debates.js';
import { readClaims } from '../session/claims/read-claims.js';
import { readDebateFile } from '../session/read-debate-file.js';
import { readStandingDamage, type DamageRecord } from '../session/damage-record.js';
import { describeDamage } from '../session/describe-damage.js';
import { statePaths } from '../session/state-paths.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';

export interface StatusOptions {
  /** The debate file as the user gave it, relative to `cwd`. */
  file: string;
  cwd: string;
  json: boolean;
  /** Where the status or the JSON goes (stdout); error messages too, so a caller sees one stream. */
  write: (text: string) => void;
  now?: () => number;
}

export interface RoleStatus {
  state: HolderState;
  /** Why, as a phrase: `its process ended`, `its agent has run for 6m (pid 4350)`. */
  reason: string;
  pid: number | null;
  host: string | null;
  agent: string | null;
  startedAt: string | null;
  heartbeatAt: string | null;
  heartbeatAgeMs: number | null;
  agentPid: number | null;
  agentRunningMs: number | null;
  /** Tokens the holder's agent has generated so far, as its backend reports them (a model server's stream); null when none reported. */
  tokens: number | null;
  tokensPerSecond: number | null;
  /** Steps the holder's agent CLI reported so far (tool calls, commands); null when none reported. */
  steps: number | null;
}

/** `code-debate status --json`: versioned; a field is only ever added within a version. */
export interface DebateStatus {
  version: 1;
  /** Relative to the work tree root. */
  file: string;
  exists: boolean;
  /** An archived debate under the git directory (see resolveArchivedDebate): read only, nobody holds its roles. */
  archived: boolean;
  title: string | null;
  /** Why the file cannot be read as a debate (it breaks the protocol, or lost text a side had read), else null. */
  problem: string | null;
  /** The text a side had read and the file lost, as that side found it, while no side goes on (restore or keep it); else null. */
  damage: DamageRecord | null;
  /** Rounds begun: 0 before the Review. */
  round: number;
  /** Whose turn it is; null once the CONSENSUS is written or when the file cannot be read. */
  turn: Role | null;
  outcome: Outcome | null;
  /** The convergence state after the last round that has one (`stateRound`, see convergenceSequence); null before one. */
  state: ConvergenceState | null;
  stateRound: number | null;
  roles: Record<Role, RoleStatus>;
}

/**
 * `code-debate status [--json] [--file F]`: who holds each role (pid, host, agent, heartbeat age,
 * alive or gone, what it is doing), the round, whose turn, the convergence state. Returns the
 * exit code: 0 when shown (no debate file yet is a status too), 5 when the file breaks the
 * protocol (the roles are still shown), 2 for a path outside the work tree, 6 outside a git work tree.
 * An archived debate (see resolveArchivedDebate) is read the same way, and no role is held in it.
 */
export async function runStatus(options: StatusOptions): Promise<ExitCode> {
  let file: string;
  let repo: Repo;
  let archived: boolean;
  try {
    repo = await findRepo(options.cwd);
    // Inside the git directory only an archived debate is read, and only read.
    const inArchive = await resolveArchivedDebate(repo.gitDir, options.file, options.cwd);
    archived = inArchive !== null;
    file = inArchive ?? (await resolveInsideRepo(repo.root, options.file, options.cwd));
  } catch (error) {
    if (!(error instanceof CodeDebateError)) throw error;
    options.write(`code-debate status: ${error.message}\n`);
    return error.name === 'GitError' ? exitCodes.gitError : exitCodes.usage;
  }
  const paths = statePaths(repo.gitDir, repo.root, file);
  const [state, claims] = await Promise.all([readDebateFile(file), archived ? { reviewer: null, responder: null } : readClaims(paths)]);
  if (archived && !state.exists) {
    options.write(`code-debate status: there is no archived debate at ${file}. \`code-debate status --archived\` lists them.\n`);
    return exitCodes.usage;
  }
  // A file that is not a debate (source, random bytes) would read as one not begun, the Reviewer's turn.
  const notADebate = state.text.trim() !== '' && !startsAsDebate(state.text);
  const parsed = notADebate ? null : parseDocument(state.text);
  const damage = archived ? null : (await readStandingDamage(paths, state)).record;
  const status = debateStatus({
    file: path.relative(repo.root, file),
    exists: state.exists,
    archived,
    document: parsed?.ok ? parsed.document : null,
    problem:
      parsed === null
        ? 'it is not a debate (no `# Code Debate:` title and no section such as `## Review` in it)'
        : parsed.ok
          ? null
          : `${parsed.error.message}${parsed.error.line === null ? '' : ` (line ${parsed.error.line})`}`,
    damage,
    claims,
    now: (options.now ?? Date.now)(),
  });
  options.write(options.json ? `${JSON.stringify(status, null, 2)}\n` : renderStatus(status));
  return status.problem === null ? exitCodes.ok : exitCodes.protocolError;
}

export interface StatusInput {
  file: string;
  exists: boolean;
  archived: boolean;
  /** null when the file breaks the protocol. */
  document: DebateDocument | null;
  problem: string | null;
  /** What a side found the file lost (see readStandingDamage): the debate waits for it to be restored or kept. */
  damage?: DamageRecord | null;
  claims: Record<Role, ClaimRecord | null>;
  now: number;
}

export function debateStatus(input: StatusInput): DebateStatus {
  const document = input.document;
  const ledger = document === null ? null : buildLedger(document);
  // Whose turn does not depend on the round limit, only what the Reviewer writes does.
  const action = document === null ? null : decideAction(document, 'reviewer', { maxRounds: Number.MAX_SAFE_INTEGER });
  const damage = input.damage ?? null;
  // A file a side refused is nobody's turn: both wait for it to be restored or kept.
  const turn = damage !== null || action === null || action.type === 'stop' ? null : action.type === 'write' ? 'reviewer' : action.for;
  // The same state `show` gives: the last of the convergence sequence.
  const last = ledger === null ? undefined : convergenceSequence(ledger).at(-1);
  const role = (name: Role) => {
    const status = roleStatus(input.claims[name], turn === name, input.now);
    // As the side that found it says on its own status line.
    if (damage === null || damage.role !== name || status.state !== 'waiting') return status;
    return { ...status, reason: `waiting for ${input.file} to be restored${damage.keep === null ? '' : ' or kept'}` };
  };
  return {
    version: 1,
    file: input.file,
    exists: input.exists,
    archived: input.archived,
    title: document?.title ?? null,
    problem: damage === null ? input.problem : describeDamage(input.file, damage),
    damage,
    round: ledger?.rounds ?? 0,
    turn,
    outcome: ledger === null || !input.exists ? null : readOutcome(ledger),
    state: last?.state ?? null,
    stateRound: last?.round ?? null,
    roles: { reviewer: role('reviewer'), responder: role('responder') },
  };
}

function roleStatus(record: ClaimRecord | null, hasTurn: boolean, now: number): RoleStatus {
  const age = record === null ? null : heartbeatAgeMs(record, now);
  const local = record?.host === os.hostname();
  const view = viewHolder(record, { alive: record !== null && (record.session !== undefined || isHolderRunning(record, now)), local, heartbeatAgeMs: age, hasTurn, now });
  return {
    state: view.state,
    reason: view.reason,
    pid: record?.pid ?? null,
    host: record?.host ?? null,
    agent: record?.agent ?? null,
    startedAt: record?.startedAt ?? null,
    heartbeatAt: record?.heartbeatAt ?? null,
    heartbeatAgeMs: age,
    agentPid: record?.agentPid ?? null,
    agentRunningMs: view.agentRunningMs,
    // Only while the agent runs: a finished turn's figures would read as current.
    tokens: view.state === 'thinking' ? (record?.agentProgress?.tokens ?? null) : null,
    tokensPerSecond: view.state === 'thinking' ? (record?.agentProgress?.tokensPerSecond ?? null) : null,
    steps: view.state === 'thinking' ? (record?.agentProgress?.steps ?? null) : null,
  };
}

export function renderStatus(status: DebateStatus): string {
  const lines = [
    ['Debate', debateLine(status)],
    ['Round', roundLine(status)],
    ['State', status.state === null ? '-' : `${status.state} after round ${status.stateRound}`],
    ['Reviewer', roleLine(status.roles.reviewer)],
    ['Responder', roleLine(status.roles.responder)],
  ];
  return lines.map(([label, text]) => `${(label ?? '').padEnd(10)} ${text}\n`).join('');
}

function debateLine(status: DebateStatus): string {
  if (!status.exists) return `${status.file} does not exist yet: no debate has started in it`;
  if (status.damage !== null) return `${status.problem ?? ''}`;
  if (status.problem !== null) return `${status.file} breaks the protocol: ${status.problem}`;
  const named = status.title === null ? status.file : `${status.file} · ${status.title}`;
  return status.archived ? `${named} · archived, read only` : named;
}

function roundLine(status: DebateStatus): string {
  if (status.damage !== null)
    return `nobody's turn: the ${roleNames[status.damage.role]} found the file damaged at ${status.damage.at.slice(11, 19)}, and no side goes on until it is restored or kept`;
  if (status.problem !== null) return 'unknown: the file cannot be read as a debate';
  const round = status.round === 0 ? 'none begun' : String(status.round);
  if (status.turn === null) return `${round}, ended (## CONSENSUS, outcome ${status.outcome ?? 'unknown'})`;
  return `${round}, the ${roleNames[status.turn]}'s turn`;
}

function roleLine(role: RoleStatus): string {
  if (role.state === 'absent') return 'absent · nobody holds the role';
  const heartbeat = role.heartbeatAgeMs === null ? 'no heartbeat (an older code-debate)' : `heartbeat ${formatDuration(role.heartbeatAgeMs)} ago`;
  const reason = role.state === 'gone' ? `${role.reason}: restart it with the same \`code-debate\` command, it takes its role back` : role.reason;
  return [role.state, `pid ${role.pid} on ${role.host}`, `agent ${role.agent}`, heartbeat, reason].join(' · ');
}
