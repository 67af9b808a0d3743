import type { PointState } from '../protocol/track-points.js';

const categoryWords = { agreed: 'Agreed', 'partially-agreed': 'Partially agreed', disagreed: 'Disagreed' } as const;

/** One line per point for prompts and the CONSENSUS: id, severity, title, and where it stands. */
export function describePoint(state: PointState): string {
  const severity = state.point.severity ? ` (${state.point.severity})` : '';
  return `**${state.point.id}**${severity} ${state.point.title || 'untitled'} — ${standing(state)}`;
}

function standing(state: PointState): string {
  if (state.reviewerReply === 'withdrawn') return 'withdrawn by the Reviewer';
  if (state.reviewerReply === 'accepted') return "the Reviewer accepted the Responder's answer";
  if (state.reviewerReply === 'conceded-part') return "the Reviewer accepted the Responder's answer in part";
  if (state.category === null) return state.resolved ? 'resolved' : 'not yet answered by the Responder';
  const said = categoryWords[state.category];
  return state.reviewerReply === 'maintained' ? `${said} by the Responder, maintained by the Reviewer` : `${said} by the Responder`;
}

/** The agreed and disputed lists a CONSENSUS opens with, derived from the document. */
export function summarizeLedger(states: readonly PointState[]): string {
  const list = (items: readonly PointState[]) => (items.length === 0 ? '- none' : items.map((state) => `- ${describePoint(state)}`).join('\n'));
  const resolved = states.filter((state) => state.resolved);
  const open = states.filter((state) => !state.resolved);
  return `**Agreed or resolved (${resolved.length}):**\n\n${list(resolved)}\n\n**Still disputed (${open.length}):**\n\n${list(open)}`;
}
