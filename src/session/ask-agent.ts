import { setTimeout as delay } from 'node:timers/promises';
import type { SectionKind, DebateDocument } from '../protocol/document.js';
import { AgentError, InterruptedError } from '../errors.js';
import { answerJsonSchema, type TurnAnswer } from '../protocol/answer-schema.js';
import { readAgentAnswer, type AnswerContext } from '../protocol/read-agent-answer.js';
import { renderAnswer } from '../protocol/render-answer.js';
import type { Subject } from '../subject/subject.js';
import { stripControlChars } from '../protocol/control-chars.js';
import { sanitizeAgentText } from '../protocol/sanitize-agent-text.js';
import { addUsage, type TurnUsage } from '../protocol/usage.js';
import type { SideContext } from './side-context.js';
import type { AgentProgress } from '../agents/agent.js';
import type { DebateReader } from '../protocol/reading/debate-reader.js';
import { checkOwnWords } from './check-own-words.js';

/** Output that does not fit is sent back this many times before the turn fails. */
export const maxReasks = 2;
/** A failure another try may cure is retried once, after this pause. */
export const retryBackoffMs = 2_000;
/** An agent's progress goes out (an event, the claim) at most this often, its first at once. */
export const progressEveryMs = 5_000;
/** Another try is not worth starting with less time left than this. */
const minimumTryMs = 1_000;

export interface AgentAsk {
  turn: SectionKind;
  round: number;
  heading: string;
  prompt: string;
  /** The prompt for an agent continuing its own conversation (see TurnRequest.continuation). */
  continuation: string;
  document: DebateDocument;
  /** The subject as it is for this turn. */
  subject: Subject;
  /** What the answer is read against (see scopeOf); absent for the CONSENSUS narrative, which is free text. */
  scope?: AnswerContext;
  /** Stops this ask alone (an early start that turned out stale, see askAhead); it is not retried. */
  signal?: AbortSignal;
  /** Called when the agent starts; resolves when it may act (see TurnRequest.ready and guardRepository). */
  ready?: () => Promise<void>;
  /** The debate's citations that failed the evidence check so far, one Markdown list item each; '' when none did. */
  failedCitations?: string;
}

export interface AgentAnswer {
  /** The section's body: for a turn with a scope, rendered by code-debate from the answer's data. */
  body: string;
  /** UTF-8 bytes of the prompts that got an answer for this section, re-asks included. */
  promptBytes: number;
  /** What every call for this section cost (re-asks and retries included), as the agent reported it; null when it reported nothing. */
  usage: TurnUsage | null;
  /** The answer as data, sanitized, that `body` renders: for a turn with a scope. */
  answer?: TurnAnswer;
  /** The subject the agent answered on. */
  subject?: Subject;
}

/**
 * The agent's answer for one section: for a review, response or follow-up, its data (JSON the
 * turn's schema validates, or Markdown read where it cannot be misread, see readAgentAnswer),
 * rendered by code-debate in the canonical form; for a CONSENSUS, its text, sanitized
 * (docs/protocol.md). An answer that will not do goes back to the agent with what was wrong,
 * field by field (at most twice); a failure that
 * another try may cure (rate limit, crash, deadline, empty output) is retried once after a pause.
 * All tries share one deadline, --agent-timeout, so the peer's --turn-timeout still bounds the turn.
 */
export async function askAgent(context: SideContext, ask: AgentAsk): Promise<AgentAnswer> {
  const usages: TurnUsage[] = [];
  try {
    return await askUntilUsable(context, ask, usages);
  } catch (error) {
    // A turn that fails still spent what its tries cost: it travels with the error.
    if (error instanceof AgentError && error.spent === null) error.spent = addUsage(usages);
    throw error;
  }
}

async function askUntilUsable(context: SideContext, ask: AgentAsk, usages: TurnUsage[]): Promise<AgentAnswer> {
  const started = Date.now();
  const deadline = started + context.agentTimeoutMs;
  let prompts = { prompt: ask.prompt, continuation: ask.continuation };
  let promptBytes = 0;
  let retried = false;
  /** Whether the answer was sent back for its own words (see checkOwnWords): that is told once. */
  let toldOwnWords = false;
  /** The failure that was retried: its reason is told if the retry fails too. */
  let firstFailure: AgentError | null = null;
  const signal = ask.signal ? AbortSignal.any([context.signal, ask.signal]) : context.signal;
  for (let reask = 0; ; ) {
    let body: string;
    try {
      const answer = await callAgent(context, ask, prompts, signal, deadline - Date.now(), (usage) => usages.push(usage));
      promptBytes += answer.promptBytes;
      refuseLongAnswer(context, ask.heading, answer.text);
      body = answer.text;
      const { removed } = stripControlChars(answer.text);
      if (removed.length > 0) {
        context.emit({
          type: 'warning',
          role: context.role,
          message: `removed control characters from the agent's \`## ${ask.heading}\` before writing it: ${removed.join(', ')}.`,
        });
      }
    } catch (error) {
      if (ask.signal?.aborted) throw error;
      if (context.signal.aborted) throw new InterruptedError(`Interrupted while the agent was writing \`## ${ask.heading}\`; nothing was written.`, { cause: error });
      if (firstFailure !== null && error instanceof AgentError) throw afterRetry(firstFailure, error);
      if (!(error instanceof AgentError) || !error.retryable || retried || context.agent.interactive) throw error;
      if (deadline - Date.now() < retryBackoffMs + minimumTryMs) throw error;
      retried = true;
      firstFailure = error;
      context.emit({ type: 'agent-retry', role: context.role, heading: ask.heading, reason: firstLine(error.message), delayMs: retryBackoffMs });
      await delay(retryBackoffMs, undefined, { signal }).catch(() => undefined);
      continue;
    }
    const read = readBody(body, ask, context.reader);
    const ownWords = read.answer === undefined || toldOwnWords ? [] : checkOwnWords(read.answer, context.reader.ledger(ask.document));
    const problems = read.problems.length > 0 ? read.problems : ownWords;
    // Own words are asked for once, and only when another try is possible: they never fail the turn.
    const soft = ownWords.length > 0 && problems === ownWords;
    if (soft) toldOwnWords = true;
    body = read.body;
    if (problems.length === 0 || (soft && (reask === maxReasks || deadline - Date.now() < minimumTryMs))) {
      const usage = addUsage(usages);
      context.emit({ type: 'agent-finished', role: context.role, heading: ask.heading, agent: context.agent.name, ms: Date.now() - started, promptBytes, usage });
      return { body, promptBytes, usage, subject: ask.subject, ...(read.answer === undefined ? {} : { answer: read.answer }) };
    }
    if (context.agent.answersOnce) {
      throw new AgentError(
        `The answer for \`## ${ask.heading}\` was refused, and nothing was written:\n${problems.map((problem) => `- ${problem}`).join('\n')}\n` +
          `${read.json ? 'Fix the JSON' : 'Fix the answer'} and submit it again.`,
        'bad-output',
      );
    }
    if (reask === maxReasks) {
      throw new AgentError(
        `Agent \`${context.agent.name}\` could not write a usable \`## ${ask.heading}\` in ${maxReasks + 1} tries: ${problems.join(' ')} ` +
          'Check the agent and its model, or edit the prompts in templates/.',
        'bad-output',
      );
    }
    if (deadline - Date.now() < minimumTryMs) {
      throw new AgentError(
        `Agent \`${context.agent.name}\` wrote an unusable \`## ${ask.heading}\` (${problems.join(' ')}) and --agent-timeout leaves no time to ask again.`,
        'timed-out',
      );
    }
    reask++;
    context.emit({ type: 'agent-reasked', role: context.role, heading: ask.heading, problems, attempt: reask + 1, of: maxReasks + 1 });
    const feedback = `\n\n---\n\nYour previous answer could not be used as \`## ${ask.heading}\`:\n\n${problems.map((problem) => `- ${problem}`).join('\n')}\n\n${read.json ? 'Answer again with the whole JSON object, fixed.' : 'Write the whole answer again, fixed.'}`;
    prompts = { prompt: ask.prompt + feedback, continuation: ask.continuation + feedback };
  }
}

/**
 * The section body an answer gives, or what is wrong with it: a turn with a scope is read as data
 * and rendered (its text fields sanitized one by one, so nothing in them can end the section or
 * mark a point); a CONSENSUS narrative is sanitized as it is.
 */
function readBody(text: string, ask: AgentAsk, reader: DebateReader): { body: string; problems: string[]; json: boolean; answer?: TurnAnswer } {
  const remember = reader.rememberSectionBody;
  if (ask.scope === undefined) {
    const body = sanitizeAgentText(text, ask.heading, remember);
    return { body, problems: body === '' ? ['It is empty once headings reserved for the debate are removed.'] : [], json: false };
  }
  const read = readAgentAnswer(text, ask.scope, reader.bodies);
  if (!read.ok) return { body: '', problems: read.problems, json: read.json };
  const answer = sanitizeAnswer(read.answer, ask.heading);
  return { body: sanitizeAgentText(renderAnswer(answer), ask.heading, remember), problems: [], json: read.json, answer };
}

function sanitizeAnswer(answer: TurnAnswer, heading: string): TurnAnswer {
  const text = (value: string) => (value.trim() === '' ? '' : sanitizeAgentText(value, heading));
  const line = (value: string) => stripControlChars(value).text.replace(/\s+/g, ' ').trim();
  return {
    summary: text(answer.summary),
    answers: answer.answers.map((item) => ({ ...item, reasoning: text(item.reasoning) })),
    positions: answer.positions.map((item) => ({
      ...item,
      reasoning: text(item.reasoning),
      severity: item.severity === null ? null : { ...item.severity, reason: line(item.severity.reason) },
    })),
    newPoints: answer.newPoints.map((item) => ({ ...item, title: line(item.title), reasoning: text(item.reasoning) })),
  };
}

/** One call of the agent; an agent that sent something else than `prompt` says so through onPromptSent. */
async function callAgent(
  context: SideContext,
  ask: AgentAsk,
  prompts: { prompt: string; continuation: string },
  signal: AbortSignal,
  timeoutMs: number,
  onUsage: (usage: TurnUsage) => void,
): Promise<{ text: string; promptBytes: number }> {
  let recorded: Promise<void> = Promise.resolve();
  const sent: string[] = [];
  const report = reportProgress(context, ask.heading);
  try {
    // An agent that does not start a process of its own acts as soon as it is called.
    // The checkout follows the subject before the agent starts in it (the author committed a fix).
    await context.checkout?.moveTo(ask.subject);
    // A program of the user's with no sandbox may write before it reads its prompt: the snapshot
    // the guard compares with is taken before it starts, not beside its start-up.
    const unconfined = context.agent.sandboxable === true && context.sandboxed !== true;
    if (!context.agent.startsEarly || unconfined) await ask.ready?.();
    const text = await context.agent.writeTurn({
      role: context.role,
      turn: ask.turn,
      round: ask.round,
      ...prompts,
      ...(ask.scope === undefined
        ? {}
        : { answerSchema: answerJsonSchema(ask.scope, { reproductions: context.reproduction?.mode !== 'off', kept: context.memory.answerSchemas }), answerScope: ask.scope }),
      onPromptSent: (prompt) => sent.push(prompt),
      onUsage,
      onProgress: report.onProgress,
      onEditor: (open) => context.emit({ type: 'editor', role: context.role, open }),
      ...(context.agent.interactive ? { notices: [...(context.takeWarnings?.() ?? []), ...citationNotices(ask.failedCitations ?? '')] } : {}),
      ...(ask.ready === undefined ? {} : { ready: ask.ready }),
      document: ask.document,
      subject: ask.subject,
      cwd: context.checkout?.dir ?? context.root,
      root: context.root,
      ...(context.checkout !== undefined && context.sandboxed === true ? { sandbox: context.checkout.sandbox } : {}),
      file: context.file,
      claim: context.claim.id,
      signal,
      timeoutMs,
      limitMs: context.agentTimeoutMs,
      onProcess: (pid) => {
        recorded = context.claim.update({ agentPid: pid }).catch(() => undefined);
      },
    });
    return { text, promptBytes: (sent.length === 0 ? [prompts.prompt] : sent).reduce((sum, prompt) => sum + Buffer.byteLength(prompt), 0) };
  } finally {
    report.stop();
    await recorded;
    await report.published;
    await context.claim.update({}).catch(() => undefined);
  }
}

/**
 * Passes an agent's progress on at a bounded rate: its first report at once, then at most one per
 * progressEveryMs (the latest, when the time comes), as an event and in the claim, where `status`
 * in another process reads it. A person's editor shows its own progress.
 */
function reportProgress(context: SideContext, heading: string): { onProgress: (progress: AgentProgress) => void; stop(): void; published: Promise<void> } {
  const since = new Date().toISOString();
  let latest: AgentProgress | null = null;
  let sentAt: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  const state = { published: Promise.resolve() };
  const send = () => {
    timer = undefined;
    if (latest === null) return;
    const { tokens, tokensPerSecond, elapsedMs } = latest;
    const steps = latest.steps ?? null;
    latest = null;
    sentAt = Date.now();
    context.emit({ type: 'agent-progress', role: context.role, heading, agent: context.agent.name, elapsedMs, tokens, tokensPerSecond, steps });
    const publishing = context.claim.progress?.({ tokens, tokensPerSecond, steps, since }).catch(() => undefined) ?? Promise.resolve();
    state.published = state.published.then(() => publishing);
  };
  return {
    onProgress: (progress) => {
      if (context.agent.interactive) return;
      latest = progress;
      if (timer !== undefined) return;
      const wait = sentAt === null ? 0 : Math.max(0, sentAt + progressEveryMs - Date.now());
      if (wait === 0) send();
      else timer = setTimeout(send, wait).unref();
    },
    stop: () => clearTimeout(timer),
    get published() {
      return state.published;
    },
  };
}

/**
 * An answer past `--max-answer-bytes` fails the turn, and is not asked again: an agent that wrote
 * megabytes for one section is looping or pasting files, and the peer would have to read it all.
 */
function refuseLongAnswer(context: SideContext, heading: string, text: string): void {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: most answers are measured without encoding them.
  if (text.length * 3 <= context.maxAnswerBytes) return;
  const size = Buffer.byteLength(text);
  if (size <= context.maxAnswerBytes) return;
  throw new AgentError(
    `Agent \`${context.agent.name}\` answered \`## ${heading}\` with ${size.toLocaleString('en-US')} bytes, more than the ${context.maxAnswerBytes.toLocaleString('en-US')} ` +
      'an answer may have (--max-answer-bytes), so nothing was written. Check what the agent printed (a loop, a pasted file); ' +
      'if a section that long is meant, raise --max-answer-bytes or `maxAnswerBytes` in .code-debate.json.',
    'too-long',
  );
}

/**
 * The retry's failure, with the first try's reason, which a retry stopped at the deadline would
 * otherwise hide: a timeout after a server error is the server error's, as far as the user can act.
 */
function afterRetry(first: AgentError, second: AgentError): AgentError {
  const kind = second.kind === 'timed-out' && first.kind !== 'timed-out' ? first.kind : second.kind;
  return new AgentError(`${second.message}\nIt was a retry: the first try failed too. ${firstLine(first.message)}`, kind, { cause: second });
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

/**
 * The failed citations for a person, whose draft shows no prompt: an agent reads them in its
 * prompt each turn; without this a person kept a broken citation until the CONSENSUS listed it.
 */
function citationNotices(failed: string): string[] {
  return failed
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `a citation does not hold against the code under review (correct it if it is yours): ${line.replace(/^- /, '')}`);
}
