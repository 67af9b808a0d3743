import { AgentError, ProtocolError } from '../errors.js';
import { addUnwrittenUsage, clearUnwrittenUsage, readUnwrittenUsage } from './unwritten-usage.js';
import { faultAction } from '../fault-point.js';
import { summarizeLedger } from '../ledger/summarize-ledger.js';
import { roundsBegun } from '../ledger/build-ledger.js';
import type { CitationCheck } from '../git/check-citations.js';
import { buildPrompt, type PromptContext } from '../prompts/build-prompt.js';
import { formatHeading } from '../protocol/classify-heading.js';
import { closeLastSection } from '../protocol/close-open-block.js';
import { stripControlChars } from '../protocol/control-chars.js';
import type { WriteAction } from '../protocol/decide-action.js';
import type { DebateDocument, Role, SectionKind, TurnKind } from '../protocol/document.js';
import { answerJsonSchema } from '../protocol/answer-schema.js';
import { scopeOf } from '../protocol/read-agent-answer.js';
import { normalizeNewlines } from '../protocol/read-markdown.js';
import { renderAppend, renderHeader, renderSection, type SectionToWrite } from '../protocol/render-section.js';
import type { Subject } from '../subject/subject.js';
import { pinSnapshot } from '../git/subject-checkout.js';
import { diffCommand } from '../subject/diff-command.js';
import { askAhead } from './ask-ahead.js';
import { addReproductionResults } from './reproduce-answer.js';
import type { AgentAnswer, AgentAsk } from './ask-agent.js';
import { checkDebateCitations } from './check-debate-citations.js';
import { guardRepository } from './guard-repository.js';
import { decideTurn } from './decide-turn.js';
import { consensusBody } from './consensus-body.js';
import { restateRequest } from './restate-request.js';
import { describeSubject, type CurrentSubject } from './current-subject.js';
import { textEnd, type FileState } from './read-debate-file.js';
import type { SessionContext } from './session-context.js';
import type { SubjectTracker } from './subject-tracker.js';
import { historyChangeOf } from './history-change-of.js';
import { addUsage, type TurnUsage } from '../protocol/usage.js';

/** The name a section written by code-debate itself is signed with. */
const selfName = 'code-debate';

type BodyAnswer = AgentAnswer & { auto?: string };

export type TurnResult = { written: true; state: FileState; promptBytes: number } | { written: false };

/**
 * Writes one section: asks the agent (except for a timeout's CONSENSUS, which code-debate writes
 * alone), sanitizes its text, and appends it with compare-and-swap. When the file changed while
 * the agent worked and the turn no longer stands, nothing is written and the caller decides again.
 */
export async function takeTurn(context: SessionContext, action: WriteAction, state: FileState, document: DebateDocument, subjects: SubjectTracker): Promise<TurnResult> {
  const number = action.turn === 'response' || action.turn === 'follow-up' ? action.round : 0;
  const heading = formatHeading(action.turn, number);
  checkNotOwnLast(context, action, document, heading);
  const started = Date.now();
  const {
    body,
    promptBytes,
    usage: turnUsage,
    auto,
  } = await writeBody(context, action, heading, state, document, subjects).catch(async (error: unknown) => {
    if (error instanceof AgentError && error.spent !== null) await addUnwrittenUsage(context.paths, context.role, error.spent).catch(() => undefined);
    throw error;
  });
  // What this side's failed turns spent travels with its next section, so every count of the debate sees it.
  const unwritten = await readUnwrittenUsage(context.paths, context.role);
  const usage = unwritten === null ? turnUsage : addUsage([unwritten, ...(turnUsage === null ? [] : [turnUsage])]);
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
    if (turnUsage !== null) await addUnwrittenUsage(context.paths, context.role, turnUsage).catch(() => undefined);
    context.emit({ type: 'turn-discarded', role: context.role, heading, reason: 'the file changed while the agent was writing and the turn no longer stands' });
    return { written: false };
  }
  checkWrittenLast(context, result.state, action, number, heading);
  if (unwritten !== null) await clearUnwrittenUsage(context.paths, context.role).catch(() => undefined);
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

/** A budget on a count the agent does not report cannot be kept: say so once, rather than let it pass silently. */
function warnUnkeptBudget(context: SessionContext, usage: TurnUsage | null): void {
  if (context.memory.budgetWarned) return;
  const tokens = context.budget.maxTokens !== null && (usage?.inputTokens === null || usage?.inputTokens === undefined || usage.outputTokens === null);
  const cost = context.budget.maxCostUsd !== null && (usage?.costUsd === null || usage?.costUsd === undefined);
  if (!tokens && !cost) return;
  context.memory.budgetWarned = true;
  const what = [tokens ? 'tokens (--max-tokens)' : null, cost ? 'cost (--max-cost)' : null].filter((part) => part !== null).join(' or its ');
  context.emit({ type: 'warning', role: context.role, message: `\`${context.agent.name}\` reported no ${what} for this turn: the budget counts only what agents report.` });
}

const writerOf: Record<SectionKind, Role | null> = { review: 'reviewer', 'follow-up': 'reviewer', response: 'responder', consensus: null };

/**
 * The other half of the invariant: a side never writes when the file's last section is its own.
 * Only the CONSENSUS a side writes when the peer let its turn time out follows its own section.
 */
function checkNotOwnLast(context: SessionContext, action: WriteAction, document: DebateDocument, heading: string): void {
  const last = document.sections.at(-1);
  if (last === undefined || writerOf[last.kind] !== context.role || (action.turn === 'consensus' && action.reason === 'peer-timeout')) return;
  throw new Error(`Invariant broken: the ${context.role} was about to write \`## ${heading}\` after its own \`## ${last.heading}\` (line ${last.line}).`);
}

/** The line that closes a block the last section left open ('' for none; see closeOpenBlock). */
function closeBefore(context: SessionContext, current: FileState, decidedOn: DebateDocument): string {
  if (faultAction('block-closer') === 'none') return '';
  const document = parsedOr(context, current, decidedOn);
  // The scanner that read the file knows where it stopped: the last section is not parsed again to learn it.
  return context.reader.headingStaysAfter(current.text) === true ? '' : closeLastSection(current.text, document);
}

/** The document of `current`, parsed (once more: the reader reads a file it read before from its end); if it does not parse, the one decided on. */
function parsedOr(context: SessionContext, current: FileState, decidedOn: DebateDocument): DebateDocument {
  const parsed = context.reader.parse(current.text, current.growth);
  return parsed.ok ? parsed.document : decidedOn;
}

/**
 * The invariant that keeps a side from writing the same turn twice: the section just written
 * must read back as the file's last section, at the line where its heading was written.
 * Whatever hides it (a block left open that our closer did not close, a heading the parser does
 * not see), the side stops (exit 5) instead of deciding it is still its turn and writing again.
 */
function checkWrittenLast(context: SessionContext, written: FileState, action: WriteAction, number: number, heading: string): void {
  // Lines as the parser counts them: a lone CR (a peer's pasted progress output) ends a line too.
  const source = normalizeNewlines(written.text);
  const at = source.lastIndexOf(`\n## ${heading}`);
  const line = at === -1 ? 1 : lineAt(source, at + 1);
  const parsed = context.reader.parse(written.text, written.growth);
  const last = parsed.ok ? parsed.document.sections.at(-1) : undefined;
  if (last !== undefined && last.kind === action.turn && last.number === number && last.line === line) return;
  const found = !parsed.ok
    ? `the file no longer parses (${parsed.error.message})`
    : last === undefined
      ? 'it has no section'
      : `its last section is \`## ${last.heading}\` at line ${last.line}`;
  throw new ProtocolError(
    `Wrote \`## ${heading}\` at line ${line} of ${context.relativeFile}, but reading the file back, ${found}: something before it (a code block or HTML block left open) hides it. ` +
      `Stopped rather than write the turn again; nothing else was written. Look for the block left open in the section before line ${line}.`,
    line,
  );
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** Whether the file holds nothing but whitespace (a new file): its end is read first, which settles it for any debate. */
function isBlank(state: FileState): boolean {
  return !/\S/.test(textEnd(state)) && state.text.trim() === '';
}

async function writeBody(context: SessionContext, action: WriteAction, heading: string, state: FileState, document: DebateDocument, subjects: SubjectTracker): Promise<BodyAnswer> {
  if (action.turn === 'response' && context.reader.points(document).every((point) => point.resolved)) {
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
    return addReproductionResults(context, await agentSection(context, action.turn, action.round, heading, state, document, early, fresh), heading, document);
  const consensus = {
    reason: action.reason,
    round: action.round,
    maxRounds: context.maxRounds,
    peer: context.role === 'reviewer' ? ('responder' as const) : ('reviewer' as const),
    turnTimeoutMs: context.turnTimeoutMs,
    budget: context.budget,
    document,
  };
  // The CONSENSUS quotes the points' titles, which a peer may have written with control characters: they are not written again.
  if (action.reason === 'peer-timeout') {
    return {
      body: stripControlChars(consensusBody({ ...consensus, checks: (await fresh()).checks }, null)).text,
      promptBytes: 0,
      usage: null,
      auto: 'the peer let its turn time out',
    };
  }
  // The outcome and every point's standing are the debate's data; the agent adds only a narrative.
  // An agent that cannot write it (cut off, unusable, down) costs the narrative, never the CONSENSUS.
  const narrative = await agentSection(context, 'consensus', action.round, heading, state, document, early, fresh).catch(async (error: unknown) => {
    if (!(error instanceof AgentError)) throw error;
    if (error.spent !== null) await addUnwrittenUsage(context.paths, context.role, error.spent).catch(() => undefined);
    context.emit({
      type: 'warning',
      role: context.role,
      message: `${error.message} code-debate writes the CONSENSUS without the agent's narrative: its outcome and every point's standing come from the debate itself.`,
    });
    return null;
  });
  const body = stripControlChars(consensusBody({ ...consensus, checks: (await fresh()).checks }, narrative?.body ?? null)).text;
  if (narrative === null) return { body, promptBytes: 0, usage: null, auto: 'the agent could not write its narrative' };
  return { body, promptBytes: narrative.promptBytes, usage: narrative.usage };
}

interface TurnInputs extends CurrentSubject {
  checks: CitationCheck[];
}

/** The subject for this turn and the evidence check of the debate's citations against it, as its checkout holds it. */
async function turnInputs(context: SessionContext, document: DebateDocument, current: Promise<CurrentSubject>): Promise<TurnInputs> {
  const { subject, changedSinceReview } = await current;
  // Evidence is judged against what the agents read: the checkout's commit, never the work tree as the person left it.
  const head = context.checkout?.commitOf(subject) ?? subject.head;
  return { subject, changedSinceReview, checks: await checkDebateCitations(context, document, head) };
}

/** The inputs from the subject for this turn: `early`'s own when it was not resolved again (git's refs had not moved). */
async function freshInputs(context: SessionContext, document: DebateDocument, subjects: SubjectTracker, early: TurnInputs | null): Promise<TurnInputs> {
  const current = subjects.refresh(document);
  return early !== null && (await current).subject === early.subject ? early : turnInputs(context, document, current);
}

/**
 * The inputs from the subject as last resolved, for an early start (see askAhead); null for a
 * person, who only sees the fresh ask, or when they cannot be had without a warning (git
 * failed): the turn then waits for the fresh ones.
 */
async function earlyInputs(context: SessionContext, document: DebateDocument, subject: Subject): Promise<TurnInputs | null> {
  if (context.agent.interactive) return null;
  const quiet: SessionContext = { ...context, emit: () => undefined };
  try {
    return await turnInputs(quiet, document, describeSubject(quiet, document, subject));
  } catch {
    return null;
  }
}

/**
 * Builds the turn's prompt (and its continuation) from its template and asks the agent (see
 * askAgent), started on the subject as last resolved while it is resolved again (see askAhead).
 */
async function agentSection(
  context: SessionContext,
  turn: TurnKind,
  round: number,
  heading: string,
  state: FileState,
  document: DebateDocument,
  early: TurnInputs | null,
  fresh: () => Promise<TurnInputs>,
): Promise<AgentAnswer> {
  const states = context.reader.points(document);
  const ledger = summarizeLedger(states);
  const guard = guardRepository(context);
  const scope = turn === 'consensus' ? undefined : scopeOf(turn, context.role, document, states);
  const buildAsk = async (inputs: TurnInputs): Promise<AgentAsk> => {
    const prompt: PromptContext = {
      turn,
      role: context.role,
      round,
      maxRounds: context.maxRounds,
      heading,
      file: context.relativeFile,
      subject: inputs.subject,
      changedSinceReview: inputs.changedSinceReview,
      document,
      documentText: state.text,
      states,
      ledger,
      standards: context.standards,
      failedCitations: context.reader.failedCitations(inputs.checks),
      stance: context.stance,
      maxPeerBytes: context.maxPeerBytes,
      ...(scope === undefined ? {} : { answerSchema: answerJsonSchema(scope, { reproductions: context.reproduction?.mode !== 'off' }) }),
      ...(context.agent.readsDiffItself === true ? { readDiff: diffCommand(inputs.subject) } : {}),
    };
    const [full, continuation] = await Promise.all([buildPrompt(prompt), buildPrompt({ ...prompt, continued: true })]);
    return {
      turn,
      round,
      heading,
      prompt: full,
      continuation,
      document,
      subject: inputs.subject,
      ready: guard.ready,
      failedCitations: prompt.failedCitations,
      ...(scope === undefined ? {} : { scope }),
    };
  };
  const earlyAsk = early === null ? null : await buildAsk(early);
  let answer: AgentAnswer;
  try {
    answer = await askAhead(context, earlyAsk, async () => {
      const inputs = await fresh();
      return inputs === early && earlyAsk !== null ? earlyAsk : buildAsk(inputs);
    });
  } catch (error) {
    // An agent that wrote and then failed (a timeout, a crash) is told for what it wrote first;
    // an interrupted turn ends at once.
    if (!context.signal.aborted) await guard.check(heading);
    throw error;
  }
  await guard.check(heading);
  return answer;
}

/** Whether a file that changed while the agent worked still asks for exactly this section. */
function sameTurn(current: FileState, decidedOn: DebateDocument, action: WriteAction, context: SessionContext): boolean {
  const parsed = context.reader.parse(current.text, current.growth);
  if (!parsed.ok || parsed.document.sections.length !== decidedOn.sections.length) return false;
  const again = action.turn === 'consensus' && action.reason === 'peer-timeout' ? action : decideTurn(context, parsed.document);
  if (JSON.stringify(again) !== JSON.stringify(action)) return false;
  // Text added to the last section (a person's note, an editor's trailing newline) leaves the turn
  // standing while every point stands as the agent read it, each label and the turn's scope: the
  // answer is appended after it. A peer's section still being written when the agent read it
  // gives more labels by now, which changes them: the turn is asked again.
  const turn = action.turn;
  if (turn === 'consensus') return parsed.document.sections.at(-1)?.body === decidedOn.sections.at(-1)?.body;
  const standing = (document: DebateDocument) => {
    const points = context.reader.points(document);
    return JSON.stringify({ scope: scopeOf(turn, context.role, document, points), points: points.map(({ point, answer, held, resolved }) => [point.id, answer, held, resolved]) });
  };
  return standing(parsed.document) === standing(decidedOn);
}
