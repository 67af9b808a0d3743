import type { ClaimsHeld } from '../claims/claim-role.js';
import { peerOf } from '../../protocol/turn-table.js';
import type { TurnRequest } from '../../agents/agent.js';
import { TurnHandedOver } from '../../agents/session/session-agent.js';
import type { Settings } from '../../config/settings.js';
import { ConfigError } from '../../errors.js';
import { findRepo, type Repo } from '../../git/find-repo.js';
import { resolveInsideRepo } from '../../git/resolve-inside-repo.js';
import type { Role } from '../../protocol/document.js';
import { parseDocument } from '../../protocol/parse-document.js';
import {
  type RemoteSessionNote,
  markSession,
  newSessionId,
  readRemoteSessionNote,
  readSessionClaim,
  sweepRemoteSessionNotes,
  writeRemoteSessionNote,
} from '../claims/session-claim.js';
import { reviewedSubject, type SideOutcome } from '../debate-loop.js';
import { readDebateFile } from '../read-debate-file.js';
import { runSide } from '../run-side.js';
import type { SideEvent } from '../side-events.js';
import { statePaths } from '../state-paths.js';

/** One call of an interactive session: `turn` (answer null) or `submit` (its answer's text). */
export interface SessionCallOptions {
  settings: Settings;
  /** The claims this process holds (see ClaimsHeld). */
  claimsHeld: ClaimsHeld;
  cwd: string;
  repo?: Repo;
  /** The subject as given on this call; later calls take the one the session joined on. */
  subject: string | null;
  /** The session's id (`--session`), from the call that joined; null to join. */
  session: string | null;
  /** The answer `submit` brings, as the session wrote it (JSON, or the canonical Markdown). */
  answer: string | null;
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
}

interface CallFacts {
  role: Role;
  session: string;
  /** The debate file, relative to the work tree. */
  file: string;
  /** Warnings said during the call, for the session to read. */
  notes: string[];
}

/** What a call found: the session's turn (with everything to write it), still the peer's, the end, or its answer written. */
export type SessionCallResult = CallFacts &
  (
    | { type: 'your-turn'; request: TurnRequest }
    | { type: 'waiting'; for: Role; round: number }
    /** The peer's process ended (or its session went past its lease) while this side waited for it: see playSessionCall. */
    | { type: 'peer-gone'; for: Role; round: number; reason: string }
    | { type: 'not-your-turn'; for: Role; round: number }
    | { type: 'written'; heading: string }
    | { type: 'ended'; outcome: SideOutcome }
  );

/**
 * One call of the side an interactive session plays, through exactly the machinery of a driven
 * side (runSide: the same claim, checks, prompts, schema, rendering and compare-and-swap
 * append), its agent the session agent: `turn` waits up to `--wait` for the side's turn and hands
 * it to the session; `submit` writes the session's answer if it is the side's turn and it
 * validates, else refuses it with nothing written. Between calls the role stays the session's for
 * `--session-timeout` after its last call. A `turn` that finds the peer gone (its claim gone stale:
 * its process ended, or its session went past its lease) ends the call at once and says so: a
 * session that called again and again would wait for it forever, where a driven side waits only
 * up to --turn-timeout.
 */
export async function playSessionCall(options: SessionCallOptions): Promise<SessionCallResult> {
  const { settings } = options;
  const repo = options.repo ?? (await findRepo(options.cwd));
  const file = await resolveInsideRepo(repo.root, settings.file, settings.fileBase === 'root' ? repo.root : options.cwd);
  const paths = statePaths(repo.gitDir, repo.root, file);
  if (options.answer !== null && options.session === null) {
    throw new ConfigError('`code-debate submit` needs the session that took the turn: give `--session <id>`, as `code-debate turn` printed it.');
  }
  const onRemote = settings.remote !== null;
  // On a remote the claim lives there: this clone keeps what the session joined with in a note of its own.
  const held = options.session === null ? null : onRemote ? remoteHold(await readRemoteSessionNote(paths, options.session)) : await readSessionClaim(paths, options.session);
  const id = options.session ?? newSessionId();
  const subject = options.subject ?? held?.session?.subject ?? (await subjectOfDebate(file));
  if (subject === null) {
    throw new ConfigError('Expected a subject to review, e.g. `code-debate turn the diff against main`: there is no debate to join yet, so this side starts it, and it needs one.');
  }
  const submitting = options.answer !== null;
  const stop = new AbortController();
  const waitTimer = submitting ? null : setTimeout(() => stop.abort(), settings.waitMs);
  const notes: string[] = [];
  let role: Role | null = held?.role ?? null;
  let written: string | null = null;
  let waiting: { for: Role; round: number } | null = null;
  let gone: { for: Role; reason: string } | null = null;
  const emit = (event: SideEvent) => {
    if (event.type === 'claimed') role = event.role;
    if (event.type === 'warning') notes.push(event.message);
    if (event.type === 'waiting') {
      waiting = { for: event.for, round: event.round };
      // A submit that comes when it is the peer's turn has nothing to write, and nothing to wait for.
      if (submitting && written === null) stop.abort();
    }
    if (event.type === 'peer-state' && event.state === 'gone' && !submitting) {
      gone = { for: event.peer, reason: event.reason };
      stop.abort();
    }
    if (event.type === 'turn-written' && submitting && event.by === undefined) {
      written = event.heading;
      stop.abort();
    }
  };
  const facts = () => ({ role: role ?? 'reviewer', session: id, file: settings.file, notes });
  const leaseMs = held?.session?.leaseMs ?? settings.sessionTimeoutMs;
  if (onRemote && options.session === null) {
    await sweepRemoteSessionNotes(paths);
    await writeRemoteSessionNote(paths, id, { subject, leaseMs });
  }
  try {
    const outcome = await runSide({
      ...settings,
      agents: { reviewer: 'session', responder: 'session' },
      cwd: options.cwd,
      repo,
      subject,
      safetyNetMs: 2_000,
      signal: AbortSignal.any([options.signal, stop.signal]),
      emit,
      agentEnvironment: {
        env: options.env,
        isTerminal: () => false,
        maxOutputTokens: settings.maxOutputTokens,
        silenceMs: settings.agentSilenceMs,
        sessionCall: { answer: options.answer },
      },
      // The lease is the one the session joined with: a later call does not repeat its options.
      session: { id, leaseMs, subject },
      claimsHeld: options.claimsHeld,
      keepFinished: options.session !== null,
    });
    if (role !== null) await markSession(paths, role, id, 'end');
    if (onRemote) await writeRemoteSessionNote(paths, id, null);
    return { ...facts(), type: 'ended', outcome };
  } catch (error) {
    if (error instanceof TurnHandedOver) {
      // The claim it keeps says so already (see Claim.handedOver).
      return { ...facts(), role: error.request.role, type: 'your-turn', request: error.request };
    }
    if (!stop.signal.aborted || options.signal.aborted) throw error;
    if (written !== null) {
      await markSession(paths, role ?? 'reviewer', id, 'waiting');
      return { ...facts(), type: 'written', heading: written };
    }
    const found: { for: Role; round: number } = waiting ?? { for: role === null ? 'reviewer' : peerOf(role), round: 0 };
    // The lease stays the session's: with the peer restarted, its next `turn` goes on.
    // (Set by emit: TypeScript does not see a closure assign it.)
    const peerGone = gone as { for: Role; reason: string } | null;
    if (peerGone !== null) return { ...facts(), type: 'peer-gone', ...found, for: peerGone.for, reason: peerGone.reason };
    return submitting ? { ...facts(), type: 'not-your-turn', ...found } : { ...facts(), type: 'waiting', ...found };
  } finally {
    if (waitTimer !== null) clearTimeout(waitTimer);
  }
}

/** A remote session's note as the hold its later calls read (see SessionCallOptions.session). */
function remoteHold(note: RemoteSessionNote | null): { role: null; session: { subject: string; leaseMs: number } } | null {
  return note === null ? null : { role: null, session: note };
}

/** The subject a debate under way names in its title, for a session that joins it without naming one. */
async function subjectOfDebate(file: string): Promise<string | null> {
  const state = await readDebateFile(file);
  if (!state.exists || state.text.trim() === '') return null;
  const parsed = parseDocument(state.text);
  return parsed.ok ? reviewedSubject(parsed.document) : null;
}
