import { summarizeLedger } from '../ledger/summarize-ledger.js';
import type { CitationCheck } from '../git/check-citations.js';
import { buildPrompt, type PromptContext } from '../prompts/build-prompt.js';
import type { DebateDocument, SectionKind } from '../protocol/document.js';
import { answerJsonSchema } from '../protocol/answer-schema.js';
import { scopeOf } from '../protocol/read-agent-answer.js';
import type { Subject } from '../subject/subject.js';
import { diffCommand } from '../subject/diff-command.js';
import { askAhead } from './ask-ahead.js';
import type { AgentAnswer, AgentAsk } from './ask-agent.js';
import { checkDebateCitations } from './check-debate-citations.js';
import { guardRepository } from './guard-repository.js';
import { describeSubject, type CurrentSubject } from './current-subject.js';
import type { FileState } from './read-debate-file.js';
import type { SideContext } from './side-context.js';
import type { SubjectTracker } from './subject-tracker.js';

/** A section's body and what it cost; `auto`, why code-debate wrote it without an agent. */
export type BodyAnswer = AgentAnswer & { auto?: string };

/** What a turn's prompt is built from: the subject for the turn and the evidence check of the debate's citations. */
export interface TurnInputs extends CurrentSubject {
  checks: CitationCheck[];
}

/** The subject for this turn and the evidence check of the debate's citations against it, as its checkout holds it. */
async function turnInputs(context: SideContext, document: DebateDocument, current: Promise<CurrentSubject>): Promise<TurnInputs> {
  const { subject, changedSinceReview } = await current;
  // Evidence is judged against what the agents read: the checkout's commit, never the work tree as the person left it.
  const head = context.checkout?.commitOf(subject) ?? subject.head;
  return { subject, changedSinceReview, checks: await checkDebateCitations(context, document, head) };
}

/** The inputs from the subject for this turn: `early`'s own when it was not resolved again (git's refs had not moved). */
export async function freshInputs(context: SideContext, document: DebateDocument, subjects: SubjectTracker, early: TurnInputs | null): Promise<TurnInputs> {
  const current = subjects.refresh(document);
  return early !== null && (await current).subject === early.subject ? early : turnInputs(context, document, current);
}

/**
 * The inputs from the subject as last resolved, for an early start (see askAhead); null for a
 * person, who only sees the fresh ask, or when they cannot be had without a warning (git
 * failed): the turn then waits for the fresh ones.
 */
export async function earlyInputs(context: SideContext, document: DebateDocument, subject: Subject): Promise<TurnInputs | null> {
  if (context.agent.interactive) return null;
  const quiet: SideContext = { ...context, emit: () => undefined };
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
export async function agentSection(
  context: SideContext,
  turn: SectionKind,
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
      reproductions: context.reproduction?.mode !== 'off',
      ...(scope === undefined ? {} : { answerSchema: answerJsonSchema(scope, { reproductions: context.reproduction?.mode !== 'off', kept: context.memory.answerSchemas }) }),
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
