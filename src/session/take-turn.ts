import { AgentError } from '../errors.js';
import { faultAction } from '../fault-point.js';
import { roundsBegun } from '../ledger/build-ledger.js';
import { pinSnapshot } from '../git/subject-checkout.js';
import { formatHeading } from '../protocol/classify-heading.js';
import { closeLastSection } from '../protocol/close-open-block.js';
import { agentRound, type WriteAction } from '../protocol/decide-action.js';
import { isAnswering } from '../protocol/turn-table.js';
import type { DebateDocument } from '../protocol/document.js';
import { renderAppend, renderHeader, renderSection, type SectionToWrite } from '../protocol/render-section.js';
import { agentSection, earlyInputs, freshInputs, type BodyAnswer, type TurnInputs } from './agent-section.js';
import { writeConsensus } from './consensus-turn.js';
import { historyChangeOf } from './history-change-of.js';
import { textEnd, type FileState } from './read-debate-file.js';
import { addReproductionResults } from './reproduce-answer.js';
import { restateRequest } from './restate-request.js';
import { sameTurn } from './same-turn.js';
import type { SideContext } from './side-context.js';
import type { SubjectTracker } from './subject-tracker.js';
import { checkNotOwnLast, checkWrittenLast } from './turn-invariants.js';
import { clearCarried, keepUnwritten, sectionUsage, warnUnkeptBudget } from './turn-spend.js';

/** The name a section written by code-debate itself is signed with. */
const selfName = 'code-debate';

export type TurnResult = { written: true; state: FileState; promptBytes: number } | { written: false };

/**
 * Writes one section: asks the agent (except for a timeout's CONSENSUS, which code-debate writes
 * alone), sanitizes its text, and appends it with compare-and-swap. When the file changed while
 * the agent worked and the turn no longer stands, nothing is written and the caller decides again.
 */
export async function takeTurn(context: SideContext, action: WriteAction, state: FileState, document: DebateDocument, subjects: SubjectTracker): Promise<TurnResult> {
  const { number } = action;
  const heading = formatHeading(action.turn, number);
  checkNotOwnLast(context, action, document, heading);
  const started = Date.now();
  const {
    body,
    promptBytes,
    usage: turnUsage,
    auto,
  } = await writeBody(context, action, heading, state, document, subjects).catch(async (error: unknown) => {
    if (error instanceof AgentError) await keepUnwritten(context, error.spent);
    throw error;
  });
  // What this side's failed turns spent travels with its next section, so every count of the debate sees it.
  const { usage, carried } = await sectionUsage(context, turnUsage);
  // No prompt: no agent was asked (a timeout's CONSENSUS, a Response with nothing left to answer).
  if (promptBytes > 0) warnUnkeptBudget(context, usage);
  // A section no agent or person wrote is signed as code-debate's own.
  const request = action.turn === 'consensus' ? '' : restateRequest(context, document);
  const section: SectionToWrite = {
    kind: action.turn,
    number,
    body: request === '' ? body : `${request}\n\n${body}`,
    role: context.role,
    agent: auto === undefined ? context.agent.name : selfName,
    time: new Date(),
    usage,
  };
  // The header of a subject read from the index or the work tree names the commit the agents read it in, kept by a ref.
  const snapshot = context.subject.head === null && state.text.trim() === '' ? (context.checkout?.commitOf(context.subject) ?? null) : null;
  if (snapshot !== null) await pinSnapshot(context.root, snapshot);
  const result = await context.store.append({
    message: `code-debate: ## ${heading} (${context.role})`,
    heading,
    who: context.role,
    expectedChecksum: state.checksum,
    // A file whose earlier text was rewritten is never built on, even where the turn would still stand.
    stillValid: (current) => historyChangeOf(state, current) === null && sameTurn(current, document, action, context),
    render: (current) =>
      isBlank(current)
        ? renderHeader(context.subject.text, { v: 1, base: context.subject.base, head: context.subject.head, diff: context.subject.diffSha256, snapshot }) + renderSection(section)
        : // What is appended depends on how the file ends, whether it is written with CRLF, and whether
          // the last section leaves a block open that would swallow our heading: that block is closed first.
          renderAppend(textEnd(current), section, current.bytes.includes('\r\n'), closeBefore(context, current, document)),
  });
  if (!result.written) {
    // The answer thrown away was still paid for: its spend goes with the next section, like a failed turn's.
    await keepUnwritten(context, turnUsage);
    context.emit({ type: 'turn-discarded', role: context.role, heading, reason: 'the file changed while the agent was writing and the turn no longer stands' });
    return { written: false };
  }
  checkWrittenLast(context, result.state, action, number, heading);
  if (carried) await clearCarried(context);
  context.emit({
    type: 'turn-written',
    role: context.role,
    heading,
    bytes: result.state.text.length - state.text.length,
    ms: Date.now() - started,
    promptBytes,
    ...(result.remoteMs === undefined ? {} : { remoteMs: result.remoteMs }),
    ...(auto === undefined ? {} : { by: selfName, why: auto }),
  });
  return { ...result, promptBytes };
}

/** The line that closes a block the last section left open ('' for none; see closeOpenBlock). */
function closeBefore(context: SideContext, current: FileState, decidedOn: DebateDocument): string {
  if (faultAction('block-closer') === 'none') return '';
  const document = parsedOr(context, current, decidedOn);
  // The scanner that read the file knows where it stopped: the last section is not parsed again to learn it.
  return context.reader.headingStaysAfter(current.text) === true ? '' : closeLastSection(current.text, document);
}

/** The document of `current`, parsed (once more: the reader reads a file it read before from its end); if it does not parse, the one decided on. */
function parsedOr(context: SideContext, current: FileState, decidedOn: DebateDocument): DebateDocument {
  const parsed = context.reader.parse(current.text, current.growth);
  return parsed.ok ? parsed.document : decidedOn;
}

/** Whether the file holds nothing but whitespace (a new file): its end is read first, which settles it for any debate. */
function isBlank(state: FileState): boolean {
  return !/\S/.test(textEnd(state)) && state.text.trim() === '';
}

async function writeBody(context: SideContext, action: WriteAction, heading: string, state: FileState, document: DebateDocument, subjects: SubjectTracker): Promise<BodyAnswer> {
  if (isAnswering(action.turn) && context.reader.points(document).every((point) => point.resolved)) {
    // The follow-up resolved everything; the protocol still gives the Responder this turn.
    return { body: 'Every point is resolved; nothing is left to answer.', promptBytes: 0, usage: null, auto: 'nothing was left to answer' };
  }
  // A timeout's CONSENSUS asks no agent; any other turn is announced as soon as it is decided, before its prompt is built.
  const asks = !(action.turn === 'consensus' && action.reason === 'peer-timeout');
  if (asks)
    context.emit({
      type: 'turn-started',
      role: context.role,
      turn: action.turn,
      heading,
      agent: context.agent.name,
      round: roundsBegun(document),
      interactive: context.agent.interactive === true,
    });
  // The subject as last resolved, for an early start (see askAhead).
  const early = asks ? await earlyInputs(context, document, subjects.latest()) : null;
  let inputs: Promise<TurnInputs> | null = null;
  // Resolved once, when first needed: after an early start (see askAhead), not before it.
  const fresh = () => (inputs ??= freshInputs(context, document, subjects, early));
  if (action.turn !== 'consensus')
    return addReproductionResults(context, await agentSection(context, action.turn, agentRound(action), heading, state, document, early, fresh), heading, document);
  return writeConsensus(context, action, document, fresh, () => agentSection(context, 'consensus', agentRound(action), heading, state, document, early, fresh));
}
