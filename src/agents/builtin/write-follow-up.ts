import type { Category, DebateDocument, Point, Severity } from '../../protocol/document.js';
import { readSection } from '../../protocol/read-section.js';
import { trackPoints } from '../../protocol/track-points.js';
import { plural, severityRank } from './format-markdown.js';
import type { PointJudgement } from './judge-point.js';
import { pointHeading } from './write-response.js';

export const followUpNote = "_Rule-based follow-up by code-debate's built-in agent; not a language model._";

export type FollowUpDecision = 'maintained' | 'withdrawn' | 'accepted';

export interface FollowUpReply {
  point: Point;
  decision: FollowUpDecision;
  text: string;
}

const proposedSeverity = /severity\b[^.\n]*?\b(?:should be|lowered to|to|be|as)\s+\**\s*(critical|high|medium|low|nit)\b/i;

/** The points still open after `## Response <round>`, in order, with the responder's category for each. */
export function readOpenReplies(document: DebateDocument, round: number): Array<{ point: Point; category: Category | null; reply: string }> {
  const responses = document.sections.filter((section) => section.kind === 'response');
  const response = responses.find((section) => section.number === round) ?? responses.at(-1);
  const open = trackPoints(document).filter((state) => !state.resolved).map((state) => state.point);
  const reading = response ? readSection('response', response.body, open.map((point) => ({ id: point.id, open: true }))) : null;
  return open.map((point) => ({
    point,
    category: reading?.answers.find((answer) => answer.id === point.id)?.category ?? null,
    reply: reading?.texts.get(point.id) ?? '',
  }));
}

/**
 * The reviewer's answer to one open point, from its own re-check: evidence that does not hold is
 * withdrawn; a lower severity the responder argued for (or the rules give) is accepted; evidence
 * that holds is maintained with what the lines say.
 */
export function decideFollowUp(category: Category | null, reply: string, judgement: PointJudgement): FollowUpReply {
  const { point } = judgement;
  const said = category === null ? ' (the response did not categorize this point)' : '';
  const decide = (decision: FollowUpDecision, text: string): FollowUpReply => ({ point, decision, text });
  if (judgement.evidence === 'unverifiable') {
    return decide('withdrawn', `— the point cites no \`path:line\`, so there is nothing to re-check it against${said}.`);
  }
  if (judgement.evidence === 'fails') return decide('withdrawn', `— re-checked${said}: the evidence does not hold.`);
  const proposed = (proposedSeverity.exec(reply)?.[1]?.toLowerCase() as Severity | undefined) ?? judgement.lowerSeverity;
  if (category === 'partially-agreed' && proposed && severityRank(proposed) > severityRank(point.severity)) {
    return decide('accepted', `the response: severity lowered to ${proposed}.`);
  }
  if (category === 'partially-agreed' && judgement.evidence === 'partial') {
    return decide('accepted', 'the response: the point narrows to the evidence that holds.');
  }
  const holds = judgement.evidence === 'partial' ? 'part of the evidence holds, and the point stands on that part' : 'the evidence holds';
  return decide('maintained', `— re-checked${said}: ${holds}.`);
}

/** A Reviewer Follow-up: one `### R<n>.` paragraph per open point, starting Maintained, Withdrawn or Accepted. */
export function writeFollowUp(replies: ReadonlyArray<{ reply: FollowUpReply; judgement: PointJudgement }>): string {
  if (replies.length === 0) return `${followUpNote}\n\nEvery point is resolved; nothing is left to follow up.`;
  const counts = (['maintained', 'withdrawn', 'accepted'] as const)
    .map((decision) => [decision, replies.filter(({ reply }) => reply.decision === decision).length] as const)
    .filter(([, count]) => count > 0)
    .map(([decision, count]) => `${count} ${decision}`);
  const intro = `Re-checked ${plural(replies.length, 'open point')}: ${counts.join(', ')}.`;
  const blocks = replies.map(({ reply, judgement }) => {
    const label = reply.decision === 'maintained' ? 'Maintained' : reply.decision === 'withdrawn' ? 'Withdrawn' : 'Accepted';
    const parts = [pointHeading(reply.point), `**${label}** ${reply.text}`];
    const details = judgement.details.length > 0 ? judgement.details : [judgement.summary];
    parts.push(details.map((detail) => `- ${detail}`).join('\n'));
    return parts.join('\n\n');
  });
  return [followUpNote, intro, ...blocks].join('\n\n');
}
