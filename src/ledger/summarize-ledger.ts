import { positionLabels } from '../protocol/position.js';
import type { PointState } from '../protocol/track-points.js';
import { peerOf, roleName } from '../protocol/turn-table.js';

/** One line per point for prompts and the CONSENSUS: id, severity, title, and where it stands. */
export function describePoint(state: PointState): string {
  const severity = state.point.severity ? ` (${state.point.severity})` : '';
  return `**${state.point.id}**${severity} ${state.point.title || 'untitled'} — ${standing(state)}`;
}

function standing(state: PointState): string {
  const raiser = roleName(state.owner);
  const answerer = roleName(peerOf(state.owner));
  if (state.held === 'withdrawn') return `withdrawn by the ${raiser}`;
  if (state.held === 'accepted') return `the ${raiser} accepted the ${answerer}'s answer`;
  if (state.held === 'conceded-part') return `the ${raiser} accepted the ${answerer}'s answer in part`;
  if (state.answer === null) return state.resolved ? 'resolved' : `not yet answered by the ${answerer}`;
  const said = positionLabels[state.answer];
  return state.held === 'maintained' ? `${said} by the ${answerer}, maintained by the ${raiser}` : `${said} by the ${answerer}`;
}

/** The agreed and disputed lists a CONSENSUS opens with, derived from the document. */
export function summarizeLedger(states: readonly PointState[]): string {
  const list = (items: readonly PointState[]) => (items.length === 0 ? '- none' : items.map((state) => `- ${describePoint(state)}`).join('\n'));
  const resolved = states.filter((state) => state.resolved);
  const open = states.filter((state) => !state.resolved);
  return `**Agreed or resolved (${resolved.length}):**\n\n${list(resolved)}\n\n**Still disputed (${open.length}):**\n\n${list(open)}`;
}
