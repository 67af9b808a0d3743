import { answerKindOf, endsDebate, isAnswering, peerOf, roleName, roundOf, turnOf } from '../protocol/turn-table.js';
import { AgentError, ConfigError, InterruptedError } from '../errors.js';
import { roundsBegun } from '../ledger/build-ledger.js';
import { convergenceState } from '../ledger/convergence-state.js';
import { judgeDebate } from '../ledger/judge-debate.js';
import { distrustUnrecorded } from '../ledger/distrust-reproductions.js';
import { ledgerReport } from '../ledger/ledger-report.js';
import { readOutcome, type SessionEnd } from '../ledger/read-outcome.js';
import { formatHeading } from '../protocol/classify-heading.js';
import { decideTimeoutAction } from '../protocol/decide-action.js';
import type { DebateDocument } from '../protocol/document.js';
import { labelNouns } from '../protocol/read-lead-label.js';
import { nameCommits } from '../git/name-commits.js';
import type { FileWatch } from '../watch/watch-file.js';
import { decideTurn } from './decide-turn.js';
import { formatDuration } from '../format-duration.js';
import { readDebateFile, type FileState } from './read-debate-file.js';
import { readReproductionRecords } from './reproduction-records.js';
import type { SideContext } from './side-context.js';
import type { TurnPrompt } from './side-events.js';
import { trackSubject, type SubjectTracker } from './subject-tracker.js';
import { takeTurn } from './take-turn.js';
import { waitForChange } from './wait-for-change.js';
import { historyChangeOf } from './history-change-of.js';
import { waitForRestore } from './wait-for-restore.js';
import { watchPeer } from './watch-peer.js';

export interface SideOutcome {
  outcome: SessionEnd;
  message: string;
  /** The points at or above --block-on that were confirmed or are still disputed (exit 1). */
  blocking: string[];
}

/** A broken file is re-read for this long before it is reported: the peer may be mid-write. */
const protocolGraceMs = 2_000;

/**
 * Read, decide, act, until the CONSENSUS: the file is the only state, so every pass starts from
 * it. While it is the peer's turn, the process waits for a checksum change; a change that does
 * not hand the turn over is not a turn. The turn timeout counts from when the peer's turn began.
 */
export async function debateLoop(context: SideContext, watch: FileWatch): Promise<SideOutcome> {
  const { role, emit } = context;
  const peer = peerOf(role);
  let state = await readDebateFile(context.file, context.memory.file);
  let waitingSince: number | null = null;
  // The last state that parsed: every later one must still hold it, the file being append-only.
  let seen: FileState | null = null;
  const { refreshClaims: refresh, claimsReadAt: readAt } = context.store;
  const peerWatch = watchPeer({ readPeer: context.store.readPeerClaim, role, emit, ...(refresh === undefined ? {} : { refresh }), ...(readAt === undefined ? {} : { readAt }) });
  let reportedRound = 0;
  let readSections = 0;
  let saidNotes = 0;
  const prompts: TurnPrompt[] = [];
  const subjects = trackSubject(context);
  for (;;) {
    if (context.signal.aborted) throw new InterruptedError('Interrupted while waiting; nothing was written.');
    const change = seen && historyChangeOf(seen, state);
    if (seen && change) {
      subjects.waited();
      const restored = await peerWatch.during(waitForRestore(context, watch, seen, state, change), { peerHasTurn: false });
      state = restored.state;
      // A kept edit is the text every later state must hold: it is read as it is, as a new process would read it.
      if (restored.kept !== null) seen = state;
      waitingSince = null;
      continue;
    }
    const parsed = context.reader.parse(state.text, state.growth);
    if (!parsed.ok) {
      const changed = await waitForChange(context.file, watch, state.checksum, protocolGraceMs, context.signal, context.memory.file);
      if (changed === null && !context.signal.aborted) throw parsed.error;
      if (changed) state = changed;
      continue;
    }
    const first = seen === null;
    seen = state;
    const document = parsed.document;
    if (first) emitResumed(context, document);
    reportedRound = emitRoundState(context, document, reportedRound);
    readSections = warnUnreadLabels(context, document, readSections);
    saidNotes = warnNotes(context, document, saidNotes);
    const action = decideTurn(context, document);
    if (action.type === 'stop') return ended(context, document, prompts);
    if (action.type === 'write') {
      waitingSince = null;
      // The first answer (in round 1, the Review's answer) checks that the subject is the one reviewed.
      if (isAnswering(action.turn) && action.round === 1) await checkSameSubject(context, document);
      // The peer is watched through this side's turn too: the status line shows what its claim says, in every step.
      const turn = takeTurn(context, action, state, document, subjects).catch((error: unknown) => {
        // Under --json the last event says how the side ended, and what the failed turn spent.
        if (error instanceof AgentError) {
          const message = error.message.split('\n')[0] ?? error.message;
          emit({ type: 'ended', role, outcome: 'agent-failed', message, prompts, ...(error.spent === null ? {} : { usage: error.spent }) });
        }
        throw error;
      });
      const result = await peerWatch.during(turn, { peerHasTurn: false });
      if (result.written) prompts.push({ heading: formatHeading(action.turn, action.number), bytes: result.promptBytes });
      state = result.written ? result.state : await readDebateFile(context.file, context.memory.file);
      continue;
    }
    subjects.waited();
    if (waitingSince === null) {
      waitingSince = Date.now();
      emit({ type: 'waiting', role, for: peer, timeoutMs: context.turnTimeoutMs, round: roundsBegun(document) });
    }
    const waitedOn = state.checksum;
    const unchanged = async () => (await readDebateFile(context.file, context.memory.file)).checksum === waitedOn;
    const changed = await peerWatch.during(waitForChange(context.file, watch, waitedOn, waitingSince + context.turnTimeoutMs - Date.now(), context.signal, context.memory.file), {
      stillWaiting: unchanged,
    });
    if (changed) {
      const next = context.reader.parse(changed.text, changed.growth);
      if (next.ok && decideTurn(context, next.document).type === 'wait' && !historyChangeOf(state, changed)) emit({ type: 'not-a-turn', role, for: peer });
      state = changed;
      continue;
    }
    if (context.signal.aborted) continue;
    return timedOut(context, state, document, prompts, subjects);
  }
}

/** A side that starts beside a debate under way says where it stands, as it starts or restarts. */
function emitResumed(context: SideContext, document: DebateDocument): void {
  const last = document.sections.at(-1);
  if (last === undefined || endsDebate(last)) return;
  const by = last.signature === null ? null : `${last.signature.role} (${last.signature.agent})`;
  context.emit({ type: 'resumed', role: context.role, file: context.relativeFile, round: roundsBegun(document), heading: last.heading, by, at: last.signature?.time ?? null });
}

/** Once a round is complete (its Response is written), where the debate stands, from the ledger. */
function emitRoundState(context: SideContext, document: DebateDocument, reported: number): number {
  const last = document.sections.at(-1);
  if (last === undefined || !turnOf(last.kind).closesRound) return reported;
  const round = roundOf(last);
  if (round <= reported) return reported;
  const ledger = context.reader.ledger(document);
  // A stall is said in the round it is found, not only when the Reviewer ends the debate on it.
  const stalled = context.reader.lastRoundStalled(document, round);
  context.emit({ type: 'round-state', role: context.role, round, state: convergenceState(ledger, round), ...(stalled ? { stalled } : {}) });
  return round;
}

/**
 * A label in the peer's new sections that could not be read leaves its point open: said once per
 * point and section, with the line quoted, so the peer (or the person) can write it where it is read.
 */
function warnUnreadLabels(context: SideContext, document: DebateDocument, read: number): number {
  const fresh = document.sections.slice(read);
  const peerKind = answerKindOf(peerOf(context.role));
  if (read === 0 || !fresh.some((section) => section.kind === peerKind)) return document.sections.length;
  // The reader's walk, which reads only the sections the file gained, notes what it could not read.
  context.reader.points(document);
  for (const section of fresh.filter((candidate) => candidate.kind === peerKind)) {
    for (const { id, unread } of context.reader.unreadIn(section)) {
      context.emit({
        type: 'warning',
        role: context.role,
        message: `${section.heading}: no ${labelNouns[unread.kind]} could be read for ${id} in "${unread.line.slice(0, 120)}" (${unread.why}); ${id} stays as it was. A label is read in the point's heading: \`### ${id} — <label>\`.`,
      });
    }
  }
  return document.sections.length;
}

/** What the reader kept as text (a heading out of its writer's turn, see admitSection): said once each. */
function warnNotes(context: SideContext, document: DebateDocument, said: number): number {
  const notes = document.notes ?? [];
  for (const note of notes.slice(said)) context.emit({ type: 'warning', role: context.role, message: note });
  return Math.max(said, notes.length);
}

/**
 * Both sides review the subject the Review fixed (its header pins it). Given another subject that
 * names another change (\`HEAD~1\` against the Review's \`the diff against main\`), this side stops
 * with exit 2 before answering: two sides debating two changes talk past each other to a stall.
 * The same subject whose change moved since (the author committed a fix), or another name for the
 * same change, goes on, with a warning when the diff differs, naming both in commits and branches.
 */
async function checkSameSubject(context: SideContext, document: DebateDocument): Promise<void> {
  const theirs = document.meta?.diff;
  if (!theirs || theirs === context.subject.diffSha256) return;
  const [reviewed, seen] = await Promise.all([
    nameCommits(context.root, document.meta?.base ?? null, document.meta?.head ?? null),
    nameCommits(context.root, context.subject.base, context.subject.head),
  ]);
  const named = reviewedSubject(document);
  if (named !== null && named !== oneLine(context.subject.text)) {
    throw new ConfigError(
      `${context.relativeFile} holds a debate of "${named}" (the Review reviewed ${reviewed}), and this side was started on "${context.subject.text}" (${seen}): ` +
        `one debate file debates one change, and nothing was written. Start this side on the Review's subject (\`code-debate --subject ${JSON.stringify(named)}\`, with the same options); ` +
        `to debate "${context.subject.text}" instead, archive this debate first (\`code-debate archive\`) or give the new one its own file (--file).`,
    );
  }
  const same = reviewed === seen ? ', but the change differs (the work tree, or a subject that names other files)' : '';
  context.emit({
    type: 'warning',
    role: context.role,
    message: `the Review was written for another diff: it reviewed ${reviewed}, and this side sees ${seen} for "${context.subject.text}"${same}. Name the same subject, on the same commits, in both terminals.`,
  });
}

/** The subject the debate's title names (`# Code Debate: <subject>`), as one line; null for a file without that title (a plain peer's). */
export function reviewedSubject(document: DebateDocument): string | null {
  const subject = /^Code Debate:\s*(.+)$/.exec(document.title ?? '')?.[1];
  return subject === undefined ? null : oneLine(subject);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

async function timedOut(context: SideContext, state: FileState, document: DebateDocument, prompts: TurnPrompt[], subjects: SubjectTracker): Promise<SideOutcome> {
  const self = roleName(context.role);
  const other = roleName(peerOf(context.role));
  const limit = formatDuration(context.turnTimeoutMs);
  if (!state.exists) {
    const message = `The ${other} did not start the debate within ${limit} (--turn-timeout): ${context.relativeFile} never appeared. Start the ${other} in another terminal.`;
    context.emit({ type: 'ended', role: context.role, outcome: 'peer-timeout', message, prompts });
    return { outcome: 'peer-timeout', message, blocking: [] };
  }
  const result = await takeTurn(context, decideTimeoutAction(document), state, document, subjects);
  const message = result.written
    ? `The ${other} did not take its turn within ${limit} (--turn-timeout); the ${self} wrote the CONSENSUS.`
    : `The ${other} did not take its turn within ${limit} (--turn-timeout), and the file changed as the CONSENSUS was written; nothing was written.`;
  context.emit({ type: 'ended', role: context.role, outcome: 'peer-timeout', message, prompts });
  return { outcome: 'peer-timeout', message, blocking: [] };
}

function ended(context: SideContext, document: DebateDocument, prompts: TurnPrompt[]): SideOutcome {
  const open = context.reader.points(document).filter((state) => !state.resolved);
  const outcome = open.length === 0 ? 'consensus' : 'disputed';
  const ledger = context.reader.ledger(document);
  const how = readOutcome(ledger) === 'stalled' ? 'stopped early, as a round brought no new reasoning,' : 'ended with CONSENSUS';
  // The gate counts only the reproductions a side here ran, as show does (distrustUnrecorded).
  const verdict = judgeDebate(distrustUnrecorded(ledgerReport(ledger), readReproductionRecords(context.paths)).points, context.blockOn, context.blockReproduced);
  const blocking = verdict.blocking.map((point) => `${point.id} (${point.severity}, ${point.standing})`);
  // Settled points can still block (a confirmed problem): said as a sentence that does not read as a contradiction.
  const confirmed = verdict.blocking.filter((point) => point.standing === 'confirmed' || point.standing === 'accepted');
  const disputed = verdict.blocking.filter((point) => point.standing !== 'confirmed' && point.standing !== 'accepted');
  const list = (points: typeof verdict.blocking) => points.map((point) => `${point.id} (${point.severity})`).join(', ');
  const stands =
    open.length === 0
      ? `The debate ended with CONSENSUS: all points settled`
      : `The debate ${how} and ${open.length} point${open.length === 1 ? '' : 's'} still disputed (${open.map((s) => s.point.id).join(', ')})`;
  const parts = [
    confirmed.length === 0
      ? null
      : `${confirmed.length} confirmed problem${confirmed.length === 1 ? '' : 's'} ${confirmed.length === 1 ? 'blocks' : 'block'} (${context.blockOn} or worse): ${list(confirmed)}`,
    disputed.length === 0
      ? null
      : `${disputed.length} disputed point${disputed.length === 1 ? '' : 's'} ${disputed.length === 1 ? 'blocks' : 'block'} (${context.blockOn} or worse): ${list(disputed)}`,
  ].filter((part) => part !== null);
  const blocks = blocking.length === 0 ? `. Nothing at or above ${context.blockOn} is left to fix.` : `; ${parts.join('; ')}.`;
  const message = `${stands}${blocks} See ${context.relativeFile}.`;
  const ids = verdict.blocking.map((point) => point.id);
  context.emit({ type: 'ended', role: context.role, outcome, message, prompts, blocking: ids });
  return { outcome, message, blocking: ids };
}
