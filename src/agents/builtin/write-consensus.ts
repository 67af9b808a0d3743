import type { DebateDocument } from '../../protocol/document.js';
import { trackPoints } from '../../protocol/track-points.js';
import { roundsCompleted } from '../../protocol/turn-table.js';
import { plural } from './format-markdown.js';

export const consensusNote = "_Rule-based summary by code-debate's built-in agent; not a language model._";

/**
 * The narrative of the CONSENSUS, derived from the document alone: one sentence of counts.
 * code-debate writes the points, why any was withdrawn and the action items from the ledger
 * around it, so none of that is repeated here.
 */
export function writeConsensus(document: DebateDocument): string {
  const states = trackPoints(document);
  const withdrawn = states.filter((state) => state.held === 'withdrawn').length;
  const agreed = states.filter((state) => state.resolved).length - withdrawn;
  const disputed = states.length - agreed - withdrawn;
  const rounds = roundsCompleted(document.sections);
  const summary =
    `After ${plural(rounds, 'round')}, of ${plural(states.length, 'point')}: ${agreed} agreed, ${withdrawn} withdrawn, ${disputed} still disputed.` +
    (disputed > 0 ? ' The disputed points need a person to decide.' : '');
  return `${consensusNote}\n\n${summary}`;
}
