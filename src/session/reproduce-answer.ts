import { InterruptedError } from '../errors.js';
import type { DebateDocument } from '../protocol/document.js';
import { notRun, type Reproduction, type ReproductionResult } from '../protocol/reproduction.js';
import { renderAnswer } from '../protocol/render-answer.js';
import { sanitizeAgentText } from '../protocol/sanitize-agent-text.js';
import type { AgentAnswer } from './ask-agent.js';
import { recordReproduction } from './reproduction-records.js';
import { runReproduction } from './run-reproduction.js';
import type { SideContext } from './side-context.js';

/**
 * The answer's section with code-debate's result under each reproduction it carries: run one by
 * one, before the section is appended, so the file only ever grows and the result stands in the
 * section that carried the reproduction (docs/reproductions.md).
 */
export async function addReproductionResults(context: SideContext, answered: AgentAnswer, heading: string, document: DebateDocument): Promise<AgentAnswer> {
  const answer = answered.answer;
  const setup = context.reproduction;
  if (answer === undefined || setup === undefined) return answered;
  const cited = (id: string) =>
    context.reader
      .points(document)
      .find((state) => state.point.id === id)
      ?.point.evidence.map((evidence) => evidence.path) ?? [];
  const carried: Array<{ id: string; reproduction: Reproduction; cited: string[] }> = [
    ...answer.answers.flatMap((item) =>
      item.reproduction === undefined ? [] : [{ id: item.id, reproduction: item.reproduction, cited: [...item.evidence.map((place) => place.path), ...cited(item.id)] }],
    ),
    ...answer.newPoints.flatMap((point) =>
      point.reproduction === undefined ? [] : [{ id: point.id, reproduction: point.reproduction, cited: point.evidence.map((place) => place.path) }],
    ),
  ];
  if (carried.length === 0) return answered;
  const subject = answered.subject ?? context.subject;
  // The commit the agents read: the checkout's, or the subject's head; a subject read from the work tree without a checkout has none.
  const head = context.checkout?.commitOf(subject) ?? subject.head;
  const results = new Map<string, ReproductionResult>();
  // A section's reproductions together take at most what one takes at the head and the base: the peer waits for the turn.
  const deadline = Date.now() + 2 * setup.timeoutMs;
  for (const item of carried) {
    const started = Date.now();
    const left = deadline - started;
    const result =
      head === null
        ? notRun('the subject has no commit to run it at (a work tree read without a checkout)')
        : left < 1_000
          ? notRun(`the section's reproductions before it used the time they had together (twice --reproduction-timeout)`)
          : await runReproduction(
              { ...setup, timeoutMs: Math.min(setup.timeoutMs, Math.floor(left / 2)), signal: context.signal },
              { head, base: subject.base, cited: [...new Set(item.cited)] },
              item.reproduction,
            ).catch((error: unknown) => notRun(`it could not be run: ${(error as Error).message}`));
    results.set(item.id, result);
    // Recorded before the section is written: what tells this result from one typed into the file (distrustUnrecorded).
    if (!context.signal.aborted) recordReproduction(context.paths, { section: heading, id: item.id, verdict: result.verdict, why: result.why });
    context.emit({ type: 'reproduction-ran', role: context.role, heading, id: item.id, verdict: result.verdict, why: result.why, ms: Date.now() - started });
  }
  // A run stopped by an interrupt says nothing of the point: the section is not written with it.
  if (context.signal.aborted) throw new InterruptedError(`Interrupted while the reproductions of \`## ${heading}\` ran; nothing was written.`);
  return { ...answered, body: sanitizeAgentText(renderAnswer(answer, results), heading, context.reader.rememberSectionBody) };
}
